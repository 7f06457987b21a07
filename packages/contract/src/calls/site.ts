import { z } from 'zod';
import { Ok, route } from '../core.js';

/** The theme object carried, as a JSON string, in `layoutVoList` (seed §3). */
export const ThemeLayout = z.object({
  backgroundImg: z.string(),
  color: z.string(),
  activeMenu: z.string(),
  grey: z.union([z.literal(0), z.literal(1)]),
});
export type ThemeLayout = z.infer<typeof ThemeLayout>;

export const siteCalls = {
  theme: route({
    id: 'theme',
    method: 'GET',
    path: '/api/v1/pc/theme',
    auth: 'none',
    owner: 'foundation',
    summary: '站点主题（type=0 为 PC 站）',
    query: z.object({ type: z.coerce.number().int().min(0).max(9).default(0) }),
    response: z.object({ type: z.number().int(), layoutVoList: z.string().describe('JSON string of ThemeLayout') }),
    errors: ['A0400', 'A0404'],
  }),
  userActive: route({
    id: 'userActive',
    method: 'POST',
    path: '/api/pc/pc-users/userActive',
    auth: 'optional',
    owner: 'foundation',
    summary: '每日活跃上报（访客或用户）',
    response: z.object({ counted: z.boolean() }),
    errors: [],
  }),
  health: route({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    owner: 'foundation',
    summary: '存活检查（含数据库）',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok'), uptime: z.number() }),
    errors: ['B0001'],
  }),
};

export { Ok };
