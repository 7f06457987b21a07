import { z } from 'zod';
import { Id, route, Timestamp } from '../schema.js';

export const ReportTargetType = z.enum(['essay', 'comment', 'user']);
export const ReportStatus = z.enum(['open', 'resolved', 'dismissed']);
/** The reason list offered to the reporter. */
export const REPORT_REASONS = ['垃圾广告', '色情低俗', '违法违规', '人身攻击', '抄袭侵权', '其他'] as const;
export const ReportReason = z.enum(REPORT_REASONS);

export const reportCalls = {
  createReport: route({
    id: 'createReport',
    method: 'POST',
    path: '/api/v1/pc/reports',
    auth: 'required',
    owner: 'admin',
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
};
