import { z } from 'zod';
import { IdParams, page, PageQuery, route, Timestamp } from '../schema.js';

export const Announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string().optional(),
  pinned: z.boolean(),
  publishedAt: Timestamp,
  read: z.boolean(),
});

export const announcementCalls = {
  announcementsPage: route({
    id: 'announcementsPage',
    method: 'GET',
    path: '/api/v1/pc/announcements/page',
    auth: 'optional',
    owner: 'social',
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
    owner: 'social',
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
    owner: 'social',
    summary: '公告与我的已读状态',
    query: PageQuery,
    response: page(Announcement).extend({ unread: z.number().int() }),
    errors: ['A0400', 'A0230'],
  }),
};
