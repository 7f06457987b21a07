import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  Id,
  IdParams,
  inDomain,
  line,
  Ok,
  page,
  PageQuery,
  route,
  Timestamp,
} from '../schema.js';
import { AdminUserBrief, EssayStatus, UserBrief } from './entities.js';
import { ATTRIBUTION_LIMITS } from '../core.js';

export { ATTRIBUTION_LIMITS };

/** unverified: nobody checked; verified: an editor checked the source (出处已考证); disputed: 存疑. */
export const AttributionStatus = z.enum(['unverified', 'verified', 'disputed']);
export type AttributionStatus = z.infer<typeof AttributionStatus>;

/** A link in a 出处: http or https only (shown with rel=nofollow). */
export const SourceUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, '链接只能是 http:// 或 https:// 开头的网址');

/** A structured 出处: the work, chapter, edition, page and a link; every part optional. */
export const Citation = z.object({
  work: line(100).optional(),
  chapter: line(60).optional(),
  edition: line(60).optional(),
  page: line(20).optional(),
  url: SourceUrl.optional(),
});
export type Citation = z.infer<typeof Citation>;

/** The source of a piece of evidence: a work or a link at least. */
export const EvidenceSource = Citation.refine((c) => !!(c.work || c.url), {
  message: '出处不能为空，请至少填写书名或链接',
  path: ['work'],
});

export const EvidenceStance = z.enum(['for', 'against']);

export const Evidence = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  /** for: supports the attribution as shown; against: says it is wrong. */
  stance: EvidenceStance,
  source: Citation,
  note: z.string(),
  /** Who added it (已注销用户 once deleted). */
  user: UserBrief.nullable(),
  confirmations: z.number().int(),
  confirmedByMe: z.boolean(),
  mine: z.boolean(),
  /** An editor hid it: only its writer still sees it. */
  hidden: z.boolean(),
  createdAt: Timestamp,
});
export type Evidence = z.infer<typeof Evidence>;

export const AttributionInfo = z.object({
  essayId: z.number().int(),
  attributionStatus: AttributionStatus,
  /** The editor's word on it. */
  note: z.string().nullable(),
  citation: Citation.nullable(),
  evidence: z.array(Evidence),
});

export const DisputedLine = z.object({
  id: z.number().int(),
  quote: z.string(),
  attributedTo: z.string(),
  note: z.string(),
  source: Citation,
  essayId: z.number().int().nullable(),
  createdAt: Timestamp,
});

export const AdminAttributionItem = z.object({
  essayId: z.number().int(),
  title: z.string(),
  credit: z.string().nullable(),
  attributionStatus: AttributionStatus,
  evidenceFor: z.number().int(),
  evidenceAgainst: z.number().int(),
  lastAt: Timestamp,
});

/** 署名冲突: the same or nearly the same words naming different authors. */
export const ConflictScope = z.enum(['user', 'corpus']);
export const ConflictStatus = z.enum(['open', 'dismissed', 'resolved']);

/** A text of a conflict as editors weigh it: the author it names, where it comes from, who posted it. */
export const ConflictMember = z.object({
  essayId: z.number().int(),
  title: z.string().nullable(),
  summary: z.string(),
  /** The author the text names (a user's own words: its poster). */
  author: z.string(),
  /** The credit line as shown (李白《静夜思》). */
  source: z.string().nullable(),
  /** Where an imported text stands in its book (全唐诗·卷一百六十五). */
  provenance: z.string().nullable(),
  imported: z.boolean(),
  status: EssayStatus,
  attributionStatus: AttributionStatus,
  poster: AdminUserBrief,
});

export const AdminConflict = z.object({
  id: z.number().int(),
  scope: ConflictScope,
  status: ConflictStatus,
  /** The distinct authors named, as written. */
  authors: z.array(z.string()),
  /** Its texts, user posts first (at most CONFLICT_MEMBERS_SHOWN); `memberCount` counts them all. */
  members: z.array(ConflictMember),
  memberCount: z.number().int(),
  /** The editor's call once decided: the text whose attribution is right, its author, the note. */
  rightEssayId: z.number().int().nullable(),
  rightAuthor: z.string().nullable(),
  note: z.string().nullable(),
  decidedAt: Timestamp.nullable(),
  updatedAt: Timestamp,
});

export const CONFLICT_MEMBERS_SHOWN = 20;

export const ResolveConflictBody = z
  .object({
    /** dismiss: different texts after all; resolve: `essayId`'s attribution is right, the others' are disputed. */
    action: z.enum(['dismiss', 'resolve']),
    essayId: Id.optional(),
    note: line(200).optional(),
  })
  .refine((b) => b.action !== 'resolve' || b.essayId !== undefined, { message: '请选择署名正确的作品', path: ['essayId'] });

export const attributionCalls = inDomain('essays', {
  attribution: route({
    id: 'attribution',
    method: 'GET',
    path: '/api/v1/pc/essays/:id/attribution',
    auth: 'optional',
    summary: '作品的出处与考证：状态、编辑说明、结构化出处和读者提交的证据',
    params: IdParams,
    response: AttributionInfo,
    errors: ['A0400', 'A0404'],
    silent: true,
  }),
  addEvidence: route({
    id: 'addEvidence',
    method: 'POST',
    path: '/api/v1/app/essay/attribution/evidence',
    auth: 'required',
    summary: '为作品的署名提交证据（支持或质疑；须有出处和说明；每小时最多 10 条）',
    body: z.object({
      essayId: Id,
      stance: EvidenceStance,
      source: EvidenceSource,
      note: z.string().trim().min(1, '说明不能为空').max(ATTRIBUTION_LIMITS.noteChars),
    }),
    response: Evidence,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'A0501'],
  }),
  confirmEvidence: route({
    id: 'confirmEvidence',
    method: 'POST',
    path: '/api/v1/app/essay/attribution/evidence/:id/confirm',
    auth: 'required',
    summary: '确认他人提交的证据（仅供编辑参考，不决定结果）',
    params: IdParams,
    response: Evidence,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  disputedLines: route({
    id: 'disputedLines',
    method: 'GET',
    path: '/api/v1/pc/attributions/disputed',
    auth: 'none',
    summary: '存疑名句：常被误署名的句子及其证据（编辑维护）',
    query: PageQuery,
    response: page(DisputedLine),
    errors: ['A0400'],
    silent: true,
  }),
  adminAttributionsPage: route({
    id: 'adminAttributionsPage',
    method: 'GET',
    path: '/api/v1/admin/attributions/page',
    auth: 'admin',
    summary: '待考证的作品（有读者证据，未考证的在前）',
    query: AdminPageQuery.extend({ status: AttributionStatus.optional() }),
    response: page(AdminAttributionItem),
    errors: [...ADMIN_ERRORS],
  }),
  adminResolveAttribution: route({
    id: 'adminResolveAttribution',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/attribution',
    auth: 'admin',
    summary: '考证作品的署名：已考证 / 存疑 / 未考证（写入操作日志，通知提交证据的读者）',
    params: IdParams,
    body: z.object({ status: AttributionStatus, note: line(200).optional() }),
    response: AttributionInfo,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminHideEvidence: route({
    id: 'adminHideEvidence',
    method: 'POST',
    path: '/api/v1/admin/attributions/evidence/:id/hide',
    auth: 'admin',
    summary: '隐藏一条证据（其作者仍可见）',
    params: IdParams,
    body: z.object({ reason: line(200).optional() }),
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminAddDisputedLine: route({
    id: 'adminAddDisputedLine',
    method: 'POST',
    path: '/api/v1/admin/attributions/disputed',
    auth: 'admin',
    summary: '添加存疑名句（附证据；关联作品时其署名标为存疑）',
    body: z.object({
      quote: z.string().trim().min(1, '句子不能为空').max(500),
      attributedTo: line(40).min(1, '误署的作者不能为空'),
      note: z.string().trim().min(1, '说明不能为空').max(ATTRIBUTION_LIMITS.noteChars),
      source: EvidenceSource,
      essayId: Id.optional(),
    }),
    response: DisputedLine,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminRemoveDisputedLine: route({
    id: 'adminRemoveDisputedLine',
    method: 'DELETE',
    path: '/api/v1/admin/attributions/disputed/:id',
    auth: 'admin',
    summary: '删除一条存疑名句',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminConflictsPage: route({
    id: 'adminConflictsPage',
    method: 'GET',
    path: '/api/v1/admin/attributions/conflicts/page',
    auth: 'admin',
    summary: '署名冲突：相同或几乎相同的文字署了不同作者（默认：涉及用户发布的；corpus：典籍内部的，按组）',
    query: AdminPageQuery.extend({ scope: ConflictScope.default('user'), status: ConflictStatus.default('open') }),
    response: page(AdminConflict),
    errors: [...ADMIN_ERRORS],
  }),
  adminResolveConflict: route({
    id: 'adminResolveConflict',
    method: 'POST',
    path: '/api/v1/admin/attributions/conflicts/:id/resolve',
    auth: 'admin',
    summary: '处理署名冲突：不是同一篇，或选定署名正确的一篇（它标为出处已考证，其余署名不同的标为存疑；写入操作日志）',
    params: IdParams,
    body: ResolveConflictBody,
    response: AdminConflict,
    errors: [...ADMIN_ERRORS_404],
  }),
});
