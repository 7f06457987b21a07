import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  IdParams,
  inDomain,
  Ok,
  optionalTime,
  page,
  PageQuery,
  route,
  text,
  Timestamp,
} from '../schema.js';

export const Announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string().optional(),
  pinned: z.boolean(),
  publishedAt: Timestamp,
  read: z.boolean(),
});

// ---------- the admin console: announcements ----------

export const AdminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: Timestamp,
  /** publishedAt is in the future: hidden from the public until then. */
  scheduled: z.boolean(),
  createdAt: Timestamp,
});
export const AnnouncementWrite = z.object({
  title: text(1, 100),
  content: z.string().min(1).max(100000),
  pinned: z.boolean().default(false),
  /** Absent = now. */
  publishedAt: optionalTime,
});

export const announcementCalls = inDomain('announcements', {
  announcementsPage: route({
    id: 'announcementsPage',
    method: 'GET',
    path: '/api/v1/pc/announcements/page',
    auth: 'optional',
    summary: '公告列表（置顶在前）',
    query: PageQuery,
    response: page(Announcement),
    errors: ['A0400'],
  }),
  announcementForm: route({
    id: 'announcementForm',
    method: 'GET',
    path: '/api/v1/pc/announcements/:id/form',
    auth: 'optional',
    summary: '公告详情（登录时标记已读）',
    params: IdParams,
    response: Announcement.extend({ content: z.string() }),
    errors: ['A0400', 'A0404'],
  }),
  announcementMessages: route({
    id: 'announcementMessages',
    method: 'GET',
    path: '/api/v1/pc/announcements/message/page/',
    auth: 'required',
    summary: '公告与我的已读状态',
    query: PageQuery,
    response: page(Announcement).extend({ unread: z.number().int() }),
    errors: ['A0400', 'A0230'],
  }),
  adminAnnouncementsPage: route({
    id: 'adminAnnouncementsPage',
    method: 'GET',
    path: '/api/v1/admin/announcements/page',
    auth: 'admin',
    summary: '全部公告（含定时发布）',
    query: AdminPageQuery,
    response: page(AdminAnnouncement),
    errors: [...ADMIN_ERRORS],
  }),
  adminCreateAnnouncement: route({
    id: 'adminCreateAnnouncement',
    method: 'POST',
    path: '/api/v1/admin/announcements',
    auth: 'admin',
    summary: '发布公告（未来时间 = 定时发布）',
    body: AnnouncementWrite,
    response: AdminAnnouncement,
    errors: [...ADMIN_ERRORS],
  }),
  adminUpdateAnnouncement: route({
    id: 'adminUpdateAnnouncement',
    method: 'PUT',
    path: '/api/v1/admin/announcements/:id',
    auth: 'admin',
    summary: '修改公告',
    params: IdParams,
    body: AnnouncementWrite,
    response: AdminAnnouncement,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminDeleteAnnouncement: route({
    id: 'adminDeleteAnnouncement',
    method: 'DELETE',
    path: '/api/v1/admin/announcements/:id',
    auth: 'admin',
    summary: '删除公告',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
});
