import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  Id,
  IdParams,
  inDomain,
  optionalTime,
  page,
  PageQuery,
  route,
  Timestamp,
} from '../schema.js';
import { AdminUserBrief, UserBrief } from './entities.js';
import { REPORT_TARGET_NAMES } from '../core.js';

export { REPORT_TARGET_NAMES };

export const ReportTargetType = z.enum(['essay', 'comment', 'user', 'note', 'collection', 'thought', 'evidence']);
// Every kind of target has its name (the names live in core.ts, which the browser loads without zod).
const _named: Record<z.infer<typeof ReportTargetType>, string> = REPORT_TARGET_NAMES;
export const ReportStatus = z.enum(['open', 'resolved', 'dismissed']);
/** The reason list offered to the reporter. */
export const REPORT_REASONS = ['垃圾广告', '色情低俗', '违法违规', '人身攻击', '抄袭侵权', '其他'] as const;
export const ReportReason = z.enum(REPORT_REASONS);

// ---------- the admin console: reports ----------

export const ReportTarget = z.object({
  /** Essay title or summary, comment text, or user nickname. */
  title: z.string(),
  excerpt: z.string(),
  /** The author of the essay or comment, or the user themself. */
  owner: AdminUserBrief.nullable(),
  /** Current status of the target: essay status, comment status, or user status; `missing` when gone. */
  status: z.string(),
  /** For a comment: the essay it belongs to. */
  essayId: z.number().int().nullable(),
});

export const ReportGroup = z.object({
  /** The oldest report of the group: pass it to resolve; resolving closes every open report of this target. */
  id: z.number().int(),
  targetType: ReportTargetType,
  targetId: z.number().int(),
  target: ReportTarget,
  status: ReportStatus,
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  reports: z
    .array(
      z.object({
        id: z.number().int(),
        reporter: UserBrief.nullable(),
        reason: z.string(),
        detail: z.string(),
        createdAt: Timestamp,
      }),
    )
    .describe('newest first, at most 10'),
  firstAt: Timestamp,
  lastAt: Timestamp,
  resolvedBy: UserBrief.nullable(),
  resolution: z.string().nullable(),
  resolvedAt: Timestamp.nullable(),
});

/** One of the caller's own reports, with how it ended (never what happened to the person reported). */
export const MyReport = z.object({
  id: z.number().int(),
  targetType: ReportTargetType,
  targetId: z.number().int(),
  /** What was reported, as the reporter may still see it (a title or the first words); null once it is gone. */
  targetTitle: z.string().nullable(),
  /** The text to open for it (the text itself, or the one a comment, note, 想法 or evidence is on). */
  essayId: z.number().int().nullable(),
  reason: z.string(),
  detail: z.string(),
  status: ReportStatus,
  /** What the reporter is told: 处理中, or the outcome once an editor closed it. */
  outcome: z.string(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
});

export const ResolveBody = z.object({
  action: z.enum(['dismiss', 'hide', 'delete', 'ban']),
  note: z.string().trim().max(200).optional(),
  /** For `ban`: end of the ban; absent = indefinite. */
  until: optionalTime,
});

export const reportCalls = inDomain('reports', {
  createReport: route({
    id: 'createReport',
    method: 'POST',
    path: '/api/v1/pc/reports',
    auth: 'required',
    summary: '举报作品、评论或用户（同一对象在处理前只能举报一次）',
    body: z.object({
      targetType: ReportTargetType,
      targetId: Id,
      reason: ReportReason,
      detail: z.string().trim().max(500).optional(),
    }),
    response: z.object({ id: z.number().int(), status: ReportStatus, createdAt: Timestamp }),
    errors: ['A0400', 'A0230', 'A0404', 'A0501'],
  }),
  myReports: route({
    id: 'myReports',
    method: 'GET',
    path: '/api/v1/pc/reports/mine',
    auth: 'required',
    summary: '我的举报及处理结果（新的在前）',
    query: PageQuery,
    response: page(MyReport),
    errors: ['A0400', 'A0230'],
    silent: true,
  }),
  adminReportsPage: route({
    id: 'adminReportsPage',
    method: 'GET',
    path: '/api/v1/admin/reports/page',
    auth: 'admin',
    summary: '举报队列（按对象分组，待处理在前）',
    query: AdminPageQuery.extend({ status: ReportStatus.optional(), targetType: ReportTargetType.optional() }),
    response: page(ReportGroup),
    errors: [...ADMIN_ERRORS],
  }),
  adminResolveReport: route({
    id: 'adminResolveReport',
    method: 'POST',
    path: '/api/v1/admin/reports/:id/resolve',
    auth: 'admin',
    summary: '处理举报（驳回 / 隐藏 / 删除 / 封禁），同一对象的待处理举报一并关闭',
    params: IdParams,
    body: ResolveBody,
    response: ReportGroup,
    errors: [...ADMIN_ERRORS_404],
  }),
});
