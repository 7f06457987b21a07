import { z } from 'zod';
import { ADMIN_ERRORS, inDomain, Ok, route } from '../schema.js';

/** The theme object carried, as a JSON string, in `layoutVoList` (docs/rules.md#theme-and-start-up). */
export const ThemeLayout = z.object({
  backgroundImg: z.string(),
  color: z.string(),
  activeMenu: z.string(),
  grey: z.union([z.literal(0), z.literal(1)]),
});
export type ThemeLayout = z.infer<typeof ThemeLayout>;

export const siteCalls = inDomain('site', {
  theme: route({
    id: 'theme',
    method: 'GET',
    path: '/api/v1/pc/theme',
    auth: 'none',
    summary: '站点主题（type=0 为 PC 站）与全站都显示的备案号',
    query: z.object({ type: z.coerce.number().int().min(0).max(9).default(0) }),
    response: z.object({
      type: z.number().int(),
      layoutVoList: z.string().describe('JSON string of ThemeLayout'),
      icp: z.string().nullable().describe('ICP 备案号（服务器的 ICP_BEIAN，页脚显示并链接到工信部备案系统）；未配置为 null'),
    }),
    errors: ['A0400', 'A0404'],
  }),
  userActive: route({
    id: 'userActive',
    method: 'POST',
    path: '/api/pc/pc-users/userActive',
    auth: 'optional',
    summary: '每日活跃上报（访客或用户）',
    response: z.object({ counted: z.boolean() }),
    errors: [],
  }),
  health: route({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    summary: '存活检查：进程在运行（不查数据库，数据库暂时不可用时也不应重启进程）',
    response: z.object({ status: z.literal('ok'), uptime: z.number() }),
    errors: [],
  }),
  ready: route({
    id: 'ready',
    method: 'GET',
    path: '/api/ready',
    auth: 'none',
    summary: '就绪检查：数据库可用且进程未在关闭；否则 B0002（HTTP 503），负载均衡据此摘除',
    response: z.object({ status: z.literal('ready'), database: z.literal('ok') }),
    errors: ['B0002'],
  }),
  adminUpdateTheme: route({
    id: 'adminUpdateTheme',
    method: 'PUT',
    path: '/api/v1/admin/theme',
    auth: 'admin',
    summary: '修改站点主题（下一次 GET /api/v1/pc/theme 即生效）',
    body: ThemeLayout.extend({
      backgroundImg: z
        .string()
        .trim()
        .max(300)
        .regex(/^(|\/uploads\/[\w./-]+|https?:\/\/\S+)$/, '必须为空、本站上传的图片或 http(s) 地址'),
      color: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, '必须是 #RRGGBB 颜色'),
      activeMenu: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, '必须是 #RRGGBB 颜色'),
    }),
    response: ThemeLayout,
    errors: [...ADMIN_ERRORS],
  }),
});

export { Ok };
