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
  sortQuery,
  text,
  Timestamp,
  UploadUrl,
} from '../schema.js';
import { IMITATION_TREE, LIMITS } from '../core.js';
import { AdminUserBrief, Essay, EssayStatus, EssayType, TagBrief, UserBrief } from './entities.js';
import { Classification } from './classifications.js';
import { AttributionStatus, Citation } from './attributions.js';

/**
 * `hot` and `imitations` rank (docs/decisions/0016): only texts with enough weighted likes (or, for `imitations`, an
 * imitation) and fewer than 3 open reports are listed, so such a list may be short.
 */
export const EssaySort = z.enum(['new', 'hot', 'likes', 'imitations']);

export const EssayListBody = PageQuery.extend({
  classificationId: Id.optional(),
  tagId: Id.optional(),
  type: EssayType.optional(),
  keyword: line(50).optional(),
  authorId: Id.optional(),
  sort: EssaySort.default('new'),
  /** Keyset cursor from a previous page's `nextCursor`: deep pages cost what the first does. */
  cursor: z.string().max(200).optional(),
});

/** 作者 or 出处 of a quoted text: one line, without the 《》 the source line puts around the work. */
const quoteField = (max: number) => line(max).regex(/^[^《》]*$/, '不用填写书名号《》');

export const EssayWriteBody = z.object({
  type: EssayType,
  title: line(LIMITS.essayTitleChars).optional(),
  content: z.string().max(200000),
  /**
   * The source line as shown (李白《静夜思》). With `workAuthor` or `workTitle` it is written from them (kept as sent
   * when it names the same author and work); without them its 作者《作品》 is read for those fields.
   */
  source: line(LIMITS.sourceChars).optional(),
  /** Who a quoted text is by (作者) and the work it is from (出处, without 《》). */
  workAuthor: quoteField(LIMITS.workAuthorChars).optional(),
  workTitle: quoteField(LIMITS.workTitleChars).optional(),
  /**
   * 原创 (true: the writer's own words; 作者, 出处 and the source line are not kept) or 摘录 (false: a quote, 佚名 when
   * 作者 is empty). Left out, a text with neither 作者, 出处 nor a source line is taken as 原创.
   */
  original: z.boolean().optional(),
  /** The structured 出处 (work, chapter, edition, page, http(s) link); empty parts are dropped. */
  citation: Citation.optional(),
  cover: UploadUrl.optional(),
  classificationId: Id,
  tagIds: z.array(Id).max(10).optional(),
  imitateOf: Id.optional(),
  /**
   * `draft` on a text that is already published keeps it published (a save is an update);
   * taking it off the site is the separate `withdrawEssay` call.
   */
  status: z.enum(['draft', 'publish']),
});

export const EssayDetails = Essay.extend({
  content: z.string(),
  /** 出处: where an imported text stands in its book (诗经·国风·周南, 论语·学而篇, 古文观止·卷一); null otherwise. */
  provenance: z.string().nullable(),
  /** The writer's structured 出处; null when none was given. */
  citation: Citation.nullable(),
  /** Whether editors checked the attribution: 出处已考证 (verified), 存疑 (disputed) or not yet. */
  attributionStatus: AttributionStatus,
  /** An imported text's title and text (paragraphs joined by newlines) as the corpus writes them in Traditional characters. */
  originalTitle: z.string().nullable(),
  originalContent: z.string().nullable(),
  classification: Classification.pick({ id: true, name: true }).nullable(),
  following: z.boolean(),
  original: Essay.nullable(),
  author: UserBrief.extend({ bio: z.string() }),
  /**
   * Set when the id asked for was merged by an editor into this text (a duplicate): the answer is the kept text, and
   * the page replaces its address with this id.
   */
  mergedInto: z.number().int().nullable(),
});

/** A published text the words sent are already in (docs/duplicates.md, modules/duplicates). */
export const DuplicateMatch = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  source: z.string().nullable(),
  summary: z.string(),
  /** `exact`: the same words; `contained`: the words sent are part of it; `near`: nearly the same words. */
  kind: z.enum(['exact', 'contained', 'near']),
  /** Character-bigram Jaccard similarity (1 for the same words). */
  similarity: z.number(),
});
export type DuplicateMatch = z.infer<typeof DuplicateMatch>;

export const DuplicateCheck = z.object({
  /** "这段文字已收录：《…》" when a published text matches, null otherwise. */
  message: z.string().nullable(),
  /** The published texts it matches, best first (at most 5). */
  matches: z.array(DuplicateMatch),
});
export type DuplicateCheck = z.infer<typeof DuplicateCheck>;

export const EssayForm = z.object({
  id: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  content: z.string(),
  source: z.string().nullable(),
  workAuthor: z.string().nullable(),
  workTitle: z.string().nullable(),
  original: z.boolean(),
  citation: Citation.nullable(),
  cover: z.string().nullable(),
  classificationId: z.number().int().nullable(),
  tagIds: z.array(z.number().int()),
  tags: z.array(TagBrief),
  imitateOf: z.number().int().nullable(),
  status: EssayStatus,
  /** Why an editor rejected or hid it. */
  statusReason: z.string().nullable().optional(),
  /** Told to the author on saving, e.g. that the text went back to review. */
  notice: z.string().nullable().optional(),
  /** Published texts its words are already in (the same check as checkDuplicates), on a save only. */
  duplicates: DuplicateCheck.optional(),
});

/** Which generations and which page of the family tree of a text's imitations (IMITATION_TREE). */
export const ImitationTreeQuery = z.object({
  /** The page of the asked text's own imitations (tree) or of all its descendants (list), 20 a page. */
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  /** How many generations below the asked text: 1 to 3. */
  depth: z.coerce.number().int().min(1).max(IMITATION_TREE.levels).default(IMITATION_TREE.levels),
});

/** One run of a word-level diff against the parent text (jieba's words): kept, added by the imitation, or left out. */
export const DiffPart = z.object({ op: z.enum(['same', 'add', 'del']), text: z.string() });
export type DiffPart = z.infer<typeof DiffPart>;

/** A text in the family tree: flat, with its parent; the browser nests them. */
export const ImitationNode = z.object({
  id: z.number().int(),
  /** The text it imitates: the asked text or another node of the answer (a list's nodes may name one not in the page). */
  parentId: z.number().int(),
  /** Generations below the asked text (its own imitations are 1). */
  depth: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  /** A sentence's words, or a 美文's summary: what the diff compares. */
  text: z.string(),
  author: UserBrief,
  publishedAt: Timestamp,
  likes: z.number().int(),
  /** Its visible imitations in all; those in the answer are the first page of them (tree mode, above the last level). */
  childTotal: z.number().int(),
  /** Word-level changes from the parent's text to this one; null when they share too little for a diff to help. */
  diff: z.array(DiffPart).nullable(),
});
export type ImitationNode = z.infer<typeof ImitationNode>;

export const ImitationTree = z.object({
  rootId: z.number().int(),
  /** `tree`: generations nested by parentId; `list`: over IMITATION_TREE.listOver texts, every descendant in one list. */
  mode: z.enum(['tree', 'list']),
  /** Visible imitations below the asked text at any depth, counted up to listOver + 1. */
  size: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Tree: the asked text's own visible imitations; list: every visible descendant. */
  total: z.number().int(),
  nodes: z.array(ImitationNode),
});
export type ImitationTree = z.infer<typeof ImitationTree>;

/** 喜欢 or 收藏: the two reactions a reader gives a text. */
export const ReactionKind = z.enum(['like', 'collect']);
export type ReactionKind = z.infer<typeof ReactionKind>;
export const LikeBody = z.object({ essayId: Id, type: ReactionKind.default('like') });
/** Both reactions of the caller and both counts after a like or unlike, so the page shows what the server holds. */
export const LikeResult = z.object({ liked: z.boolean(), collected: z.boolean(), likes: z.number().int(), collects: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

// ---------- the admin console: essays ----------

export const AdminEssay = z.object({
  id: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  summary: z.string(),
  content: z.string(),
  source: z.string().nullable(),
  cover: z.string().nullable(),
  status: EssayStatus,
  /** Why it was rejected or hidden (shown to the author), null otherwise. */
  statusReason: z.string().nullable(),
  classification: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  author: AdminUserBrief.extend({ status: z.enum(['active', 'banned', 'deleted']) }),
  views: z.number().int(),
  likes: z.number().int(),
  collects: z.number().int(),
  comments: z.number().int(),
  imitations: z.number().int(),
  /** Words of the sensitive-word list found in the title, content or source (what sent it to review). */
  sensitiveWords: z.array(z.string()),
  openReports: z.number().int(),
  /** A rejected text its author edited and sent back: the reason it was rejected last time. */
  previousReason: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  publishedAt: Timestamp.nullable(),
});

/** A text of a duplicate pair, as editors see it. */
export const AdminDuplicateText = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  summary: z.string(),
  source: z.string().nullable(),
  status: EssayStatus,
  author: AdminUserBrief,
  likes: z.number().int(),
  comments: z.number().int(),
  imitateOf: z.number().int().nullable(),
  importKey: z.string().nullable(),
  createdAt: Timestamp,
});

export const AdminDuplicatePair = z.object({
  id: z.number().int(),
  kind: z.enum(['exact', 'contained', 'near']),
  similarity: z.number(),
  status: z.enum(['open', 'merged', 'dismissed']),
  createdAt: Timestamp,
  /** The text posted. */
  essay: AdminDuplicateText,
  /** The text it repeats. */
  match: AdminDuplicateText,
});

/** What a merge moved to the kept text (each dependent row once). */
export const MergeResult = z.object({
  kept: z.number().int(),
  merged: z.number().int(),
  moved: z.record(z.string(), z.number().int()),
});

export const ReviewBody = z
  .object({ action: z.enum(['approve', 'reject']), reason: z.string().trim().max(200).optional() })
  .refine((b) => b.action !== 'reject' || !!b.reason, { message: '驳回时必须填写原因', path: ['reason'] });

export const essayCalls = inDomain('essays', {
  essaysPage: route({
    id: 'essaysPage',
    method: 'POST',
    path: '/api/v1/es/essays/pc/page',
    auth: 'optional',
    summary: '已发布作品列表（筛选与排序）',
    body: EssayListBody,
    response: page(Essay).extend({ nextCursor: z.string().nullable() }),
    errors: ['A0400'],
  }),
  myEssays: route({
    id: 'myEssays',
    method: 'GET',
    path: '/api/v1/app/essay/page',
    auth: 'required',
    summary: '我的作品（按状态，含草稿）',
    query: PageQuery.extend({ status: EssayStatus.optional() }),
    response: page(Essay),
    errors: ['A0400', 'A0230'],
  }),
  like: route({
    id: 'like',
    method: 'POST',
    path: '/api/v1/app/essay/beLike',
    auth: 'required',
    summary: '喜欢 / 收藏',
    body: LikeBody,
    response: LikeResult,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  unlike: route({
    id: 'unlike',
    method: 'PUT',
    path: '/api/v1/app/essay/beLike',
    auth: 'required',
    summary: '取消喜欢 / 收藏',
    body: LikeBody,
    response: LikeResult,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  essayForm: route({
    id: 'essayForm',
    method: 'GET',
    path: '/api/v1/app/essay/:id/form',
    auth: 'required',
    summary: '编辑表单（仅本人作品）',
    params: IdParams,
    response: EssayForm,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  essayDetails: route({
    id: 'essayDetails',
    method: 'POST',
    path: '/api/v1/pc/essays/details',
    auth: 'optional',
    summary: '作品详情（计一次阅读）',
    body: z.object({ id: Id }),
    response: EssayDetails,
    errors: ['A0400', 'A0404'],
  }),
  essayView: route({
    id: 'essayView',
    method: 'POST',
    path: '/api/v1/pc/essays/view',
    auth: 'optional',
    summary: '计一次阅读（页面由服务器绘制、未再请求详情时；每位读者每篇每小时一次）',
    body: z.object({ id: Id }),
    response: z.null(),
    errors: ['A0400', 'A0404', 'A0501'],
    silent: true,
  }),
  createEssay: route({
    id: 'createEssay',
    method: 'POST',
    path: '/api/v1/app/essay',
    auth: 'required',
    summary: '发布或保存草稿',
    body: EssayWriteBody,
    response: EssayForm,
    errors: ['A0400', 'A0230', 'A0404', 'A0501'],
  }),
  updateEssay: route({
    id: 'updateEssay',
    method: 'PUT',
    path: '/api/v1/app/essay/:id',
    auth: 'required',
    summary: '编辑本人作品',
    params: IdParams,
    body: EssayWriteBody,
    response: EssayForm,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  deleteEssay: route({
    id: 'deleteEssay',
    method: 'DELETE',
    path: '/api/v1/app/essay/:id',
    auth: 'required',
    summary: '删除本人作品',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  withdrawEssay: route({
    id: 'withdrawEssay',
    method: 'POST',
    path: '/api/v1/app/essay/:id/withdraw',
    auth: 'required',
    summary: '撤回到草稿（已发布或待审核的本人作品；从公开页面消失，计数保留）',
    params: IdParams,
    response: EssayForm,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  imitations: route({
    id: 'imitations',
    method: 'GET',
    path: '/api/v1/pc/essays/:id/imitations',
    auth: 'optional',
    summary: '某作品的仿写',
    params: IdParams,
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0404'],
  }),
  imitationTree: route({
    id: 'imitationTree',
    method: 'GET',
    path: '/api/v1/pc/essays/:id/imitation-tree',
    auth: 'optional',
    summary: '某作品的仿写家族树（每次三代，每页 20 篇）',
    params: IdParams,
    query: ImitationTreeQuery,
    response: ImitationTree,
    errors: ['A0400', 'A0404'],
  }),
  tagHotDiscussed: route({
    id: 'tagHotDiscussed',
    method: 'GET',
    path: '/api/v1/pc/essays/tag/comment/:id',
    auth: 'optional',
    summary: '标签下评论最多的作品',
    params: IdParams,
    response: z.array(Essay),
    errors: ['A0400', 'A0404'],
  }),
  uninterested: route({
    id: 'uninterested',
    method: 'POST',
    path: '/api/v1/app/essay/uninterested/:id',
    auth: 'required',
    summary: '不感兴趣（从我的列表与推荐中隐藏）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  adminEssaysPage: route({
    id: 'adminEssaysPage',
    method: 'GET',
    path: '/api/v1/admin/essays/page',
    auth: 'admin',
    summary: '全部作品（任意状态；待审核按提交先后）',
    query: AdminPageQuery.extend({
      status: EssayStatus.optional(),
      type: EssayType.optional(),
      classificationId: Id.optional(),
      keyword: z.string().trim().max(50).optional(),
      authorId: Id.optional(),
      ...sortQuery(['createdAt', 'publishedAt', 'views', 'likes', 'comments']),
    }),
    response: page(AdminEssay),
    errors: [...ADMIN_ERRORS],
  }),
  checkDuplicates: route({
    id: 'checkDuplicates',
    method: 'POST',
    path: '/api/v1/app/essay/duplicates',
    auth: 'required',
    summary: '发布前查重：这段文字是否已收录（只列出已发布的作品）',
    body: z.object({ content: z.string().max(200000), type: EssayType, excludeId: Id.optional() }),
    response: DuplicateCheck,
    errors: ['A0400', 'A0230'],
    silent: true,
  }),
  adminDuplicatesPage: route({
    id: 'adminDuplicatesPage',
    method: 'GET',
    path: '/api/v1/admin/duplicates/page',
    auth: 'admin',
    summary: '重复作品（发布或导入时发现的，含未公开的作品；最新在前）',
    query: AdminPageQuery.extend({ status: z.enum(['open', 'merged', 'dismissed']).default('open') }),
    response: page(AdminDuplicatePair),
    errors: [...ADMIN_ERRORS],
  }),
  adminDismissDuplicate: route({
    id: 'adminDismissDuplicate',
    method: 'POST',
    path: '/api/v1/admin/duplicates/:id/dismiss',
    auth: 'admin',
    summary: '不是重复（从列表移除）',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminMergeEssays: route({
    id: 'adminMergeEssays',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/merge',
    auth: 'admin',
    summary: '合并重复作品：把此作品的喜欢、收藏、评论、划线、注释与仿写移到保留的作品，旧链接跳转过去，通知双方作者',
    params: IdParams,
    body: z.object({ into: Id }),
    response: MergeResult,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminReviewEssay: route({
    id: 'adminReviewEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/review',
    auth: 'admin',
    summary: '审核待审作品（通过 / 驳回，作者收到系统通知）',
    params: IdParams,
    body: ReviewBody,
    response: AdminEssay,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminHideEssay: route({
    id: 'adminHideEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/hide',
    auth: 'admin',
    summary: '隐藏作品（作者可见原因，不能再发布）',
    params: IdParams,
    body: z.object({ reason: text(1, 200) }),
    response: AdminEssay,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminRestoreEssay: route({
    id: 'adminRestoreEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/restore',
    auth: 'admin',
    summary: '恢复被隐藏的作品',
    params: IdParams,
    response: AdminEssay,
    errors: [...ADMIN_ERRORS_404],
  }),
});
