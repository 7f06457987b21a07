import { z } from 'zod';
import { IdParams, Id, page, PageQuery, route } from '../schema.js';

export const Ad = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  position: z.number().int(),
  weight: z.number().int(),
  frequency: z.number().int(),
});

export const adCalls = {
  adsPage: route({
    id: 'adsPage',
    method: 'POST',
    path: '/api/v1/ads/page',
    auth: 'optional',
    owner: 'commerce',
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
    owner: 'commerce',
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
    owner: 'commerce',
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
    owner: 'commerce',
    summary: '记录点击并返回链接',
    params: IdParams,
    response: z.object({ link: z.string() }),
    errors: ['A0400', 'A0404'],
  }),
};
