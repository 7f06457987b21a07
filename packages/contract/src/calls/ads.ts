import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  Id,
  IdParams,
  inDomain,
  Ok,
  optionalTime,
  page,
  PageQuery,
  route,
  SiteImage,
  sortQuery,
  text,
  Timestamp,
} from '../schema.js';

export const Ad = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  position: z.number().int(),
  weight: z.number().int(),
  frequency: z.number().int(),
});

// ---------- the admin console: ads ----------

export const AdminAd = Ad.extend({
  startAt: Timestamp.nullable(),
  endAt: Timestamp.nullable(),
  status: z.enum(['active', 'paused']),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions, 0 when never shown. */
  ctr: z.number(),
  createdAt: Timestamp,
});
export const AdWrite = z
  .object({
    title: text(1, 100),
    image: SiteImage,
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/\S+|\/\S*)$/, '必须是 http(s) 地址或站内路径'),
    position: z.coerce.number().int().min(0).max(99),
    weight: z.coerce.number().int().min(0).max(10000).default(0),
    frequency: z.coerce.number().int().min(0).max(8760).default(0),
    startAt: optionalTime,
    endAt: optionalTime,
    status: z.enum(['active', 'paused']).default('active'),
  })
  .refine((a) => !a.startAt || !a.endAt || a.startAt < a.endAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] });

export const adCalls = inDomain('ads', {
  adsPage: route({
    id: 'adsPage',
    method: 'POST',
    path: '/api/v1/ads/page',
    auth: 'optional',
    summary: '广告列表',
    body: PageQuery.extend({ position: z.coerce.number().int().min(0).max(99).optional() }),
    response: page(Ad),
    errors: ['A0400'],
  }),
  adsList: route({
    id: 'adsList',
    method: 'GET',
    path: '/api/v1/pc/ads/list/:id',
    auth: 'optional',
    summary: '某广告位的广告（id 为广告位）',
    params: z.object({ id: z.coerce.number().int().min(0).max(99) }),
    response: z.array(Ad),
    errors: ['A0400'],
    silent: true,
  }),
  adsFrequency: route({
    id: 'adsFrequency',
    method: 'GET',
    path: '/api/v1/pc/ads/frequency',
    auth: 'optional',
    summary: '此刻能否向该访客展示（可以时计一次展示）',
    query: z.object({ adId: Id }),
    response: z.object({ show: z.boolean() }),
    errors: ['A0400', 'A0404'],
  }),
  adsClick: route({
    id: 'adsClick',
    method: 'POST',
    path: '/api/v1/pc/ads/click/:id',
    auth: 'optional',
    summary: '记录点击并返回链接',
    params: IdParams,
    response: z.object({ link: z.string() }),
    errors: ['A0400', 'A0404'],
  }),
  adminAdsPage: route({
    id: 'adminAdsPage',
    method: 'GET',
    path: '/api/v1/admin/ads/page',
    auth: 'admin',
    summary: '全部广告及展示、点击、点击率',
    query: AdminPageQuery.extend({
      position: z.coerce.number().int().min(0).max(99).optional(),
      status: z.enum(['active', 'paused']).optional(),
      ...sortQuery(['createdAt', 'weight', 'impressions', 'clicks', 'ctr']),
    }),
    response: page(AdminAd),
    errors: [...ADMIN_ERRORS],
  }),
  adminCreateAd: route({
    id: 'adminCreateAd',
    method: 'POST',
    path: '/api/v1/admin/ads',
    auth: 'admin',
    summary: '新建广告',
    body: AdWrite,
    response: AdminAd,
    errors: [...ADMIN_ERRORS],
  }),
  adminUpdateAd: route({
    id: 'adminUpdateAd',
    method: 'PUT',
    path: '/api/v1/admin/ads/:id',
    auth: 'admin',
    summary: '修改广告',
    params: IdParams,
    body: AdWrite,
    response: AdminAd,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminDeleteAd: route({
    id: 'adminDeleteAd',
    method: 'DELETE',
    path: '/api/v1/admin/ads/:id',
    auth: 'admin',
    summary: '删除广告',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
});
