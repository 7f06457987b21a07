import { z } from 'zod';
import { ADMIN_ERRORS, AdminPageQuery, Id, inDomain, page, route, sortQuery, Timestamp } from '../schema.js';
import { EssayType, UserBrief } from './entities.js';

/**
 * The admin console's own calls: its dashboard and the audit log. The console's actions on a domain are declared
 * in that domain's file; every one is `auth: 'admin'` and every write leaves an audit row (docs/rules.md#console-and-audit).
 */

/** A calendar day in Asia/Shanghai. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 2026-01-31');

// ---------- dashboard ----------

export const DashboardFigures = z.object({
  activeUsers: z.number().int(),
  activeVisitors: z.number().int(),
  newEssays: z.number().int(),
  newUsers: z.number().int(),
  pendingEssays: z.number().int(),
  openReports: z.number().int(),
  paidOrders: z.number().int(),
  revenueFen: z.number().int(),
});
export const DashboardDay = z.object({
  date: Day,
  activeUsers: z.number().int(),
  activeVisitors: z.number().int(),
  newEssays: z.number().int(),
  newUsers: z.number().int(),
});
export const Dashboard = z.object({
  today: DashboardFigures,
  series: z.array(DashboardDay).describe('oldest first, one entry per day, today last'),
  topEssays: z.array(
    z.object({
      id: z.number().int(),
      type: EssayType,
      title: z.string().nullable(),
      summary: z.string(),
      author: UserBrief,
      views: z.number().int(),
      likes: z.number().int(),
      comments: z.number().int(),
      viewsToday: z.number().int(),
    }),
  ),
});

// ---------- audit ----------

export const AuditTargetType = z.enum([
  'essay',
  'comment',
  'user',
  'report',
  'classification',
  'tag',
  'announcement',
  'ad',
  'theme',
  'bestWeek',
  'order',
]);
export const AuditEntry = z.object({
  id: z.number().int(),
  admin: UserBrief.nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: Timestamp,
});

export const adminCalls = inDomain('admin', {
  adminDashboard: route({
    id: 'adminDashboard',
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    auth: 'admin',
    summary: '概览：今日数据、近 N 天走势与今日热门',
    query: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
    response: Dashboard,
    errors: [...ADMIN_ERRORS],
  }),
  adminAuditPage: route({
    id: 'adminAuditPage',
    method: 'GET',
    path: '/api/v1/admin/audit/page',
    auth: 'admin',
    summary: '操作日志（默认新的在前，可按时间排序）',
    query: AdminPageQuery.extend({
      adminId: Id.optional(),
      action: z.string().trim().max(60).optional(),
      targetType: AuditTargetType.optional(),
      targetId: z.string().trim().max(40).optional(),
      /** Inclusive days in Asia/Shanghai. */
      from: Day.optional(),
      to: Day.optional(),
      ...sortQuery(['createdAt']),
    }),
    response: page(AuditEntry),
    errors: [...ADMIN_ERRORS],
  }),
});
