import { z } from 'zod';
import { Id, IdParams, line, Ok, page, PageQuery, route, text, UploadUrl } from '../schema.js';
import { LIMITS } from '../core.js';
import { Essay, EssayStatus, EssayType, TagBrief, UserBrief } from './entities.js';
import { Classification } from './classifications.js';

export const EssaySort = z.enum(['new', 'hot', 'likes']);

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
  classification: Classification.pick({ id: true, name: true }).nullable(),
  following: z.boolean(),
  original: Essay.nullable(),
  author: UserBrief.extend({ bio: z.string() }),
});

export const EssayForm = z.object({
  id: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  content: z.string(),
  source: z.string().nullable(),
  workAuthor: z.string().nullable(),
  workTitle: z.string().nullable(),
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
});

/** 喜欢 or 收藏: the two reactions a reader gives a text. */
export const ReactionKind = z.enum(['like', 'collect']);
export type ReactionKind = z.infer<typeof ReactionKind>;
export const LikeBody = z.object({ essayId: Id, type: ReactionKind.default('like') });
/** Both reactions of the caller and both counts after a like or unlike, so the page shows what the server holds. */
export const LikeResult = z.object({ liked: z.boolean(), collected: z.boolean(), likes: z.number().int(), collects: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

export const RankingEntry = Essay.extend({ rank: z.number().int(), score: z.number(), engagement: z.number() });

export const SearchType = z.enum(['essay', 'user', 'tag']);
export type SearchType = z.infer<typeof SearchType>;
export const SearchQuery = PageQuery.extend({
  q: line(50).min(1),
  type: SearchType.default('essay'),
  /** Facet filters of text results: 句子/美文, classification, era (朝代). */
  essayType: EssayType.optional(),
  classificationId: Id.optional(),
  dynasty: line(10).optional(),
});

/** A value of a facet and how many of the results have it (counted over the best TOTAL_CAP results). */
export const FacetValue = z.object({ value: z.string(), name: z.string(), count: z.number().int() });
export const SearchFacets = z.object({ types: z.array(FacetValue), classifications: z.array(FacetValue), dynasties: z.array(FacetValue) });
export type SearchFacets = z.infer<typeof SearchFacets>;

/** Shown above the results when the query names an author (李白, libai): their works and the most-read ones. */
export const AuthorCard = z.object({
  name: z.string(),
  dynasty: z.string().nullable(),
  works: z.number().int(),
  top: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AuthorCard = z.infer<typeof AuthorCard>;

/** Who an author page (作者页) is about: era and number of published texts citing them. */
export const AuthorProfile = z.object({ name: z.string(), dynasty: z.string().nullable(), works: z.number().int() });
export type AuthorProfile = z.infer<typeof AuthorProfile>;

export const SearchSuggestions = z.object({
  authors: z.array(z.object({ name: z.string(), dynasty: z.string().nullable(), works: z.number().int() })),
  works: z.array(z.object({ id: z.number().int(), title: z.string(), author: z.string().nullable() })),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), essayCount: z.number().int() })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/**
 * One search result; `kind` names which of the three it is (it always equals the query's `type`), so the
 * serialiser sends only that kind's fields and the page can switch on it.
 */
export const SearchHit = z.discriminatedUnion('kind', [
  Essay.extend({ kind: z.literal('essay') }),
  UserBrief.extend({ kind: z.literal('user'), bio: z.string(), followers: z.number().int(), essays: z.number().int() }),
  TagBrief.extend({ kind: z.literal('tag'), essayCount: z.number().int() }),
]);
export type SearchHit = z.infer<typeof SearchHit>;

export const essayCalls = {
  essaysPage: route({
    id: 'essaysPage',
    method: 'POST',
    path: '/api/v1/es/essays/pc/page',
    auth: 'optional',
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'reading-writing',
    summary: '作品详情（计一次阅读）',
    body: z.object({ id: Id }),
    response: EssayDetails,
    errors: ['A0400', 'A0404'],
  }),
  ranking: route({
    id: 'ranking',
    method: 'POST',
    path: '/api/v1/es/essays/ranking/page',
    auth: 'optional',
    owner: 'discovery',
    summary: '排行榜',
    body: PageQuery.extend({
      period: z.enum(['day', 'week', 'month', 'all']).default('day'),
      type: EssayType.optional(),
      classificationId: Id.optional(),
    }),
    response: page(RankingEntry),
    errors: ['A0400'],
  }),
  createEssay: route({
    id: 'createEssay',
    method: 'POST',
    path: '/api/v1/app/essay',
    auth: 'required',
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'reading-writing',
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
    owner: 'admin',
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
    owner: 'reading-writing',
    summary: '某作品的仿写',
    params: IdParams,
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0404'],
  }),
  tagHotDiscussed: route({
    id: 'tagHotDiscussed',
    method: 'GET',
    path: '/api/v1/pc/essays/tag/comment/:id',
    auth: 'optional',
    owner: 'reading-writing',
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
    owner: 'social',
    summary: '不感兴趣（从我的列表与推荐中隐藏）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  hobbyList: route({
    id: 'hobbyList',
    method: 'GET',
    path: '/api/v1/pc/essays/hobbyList',
    auth: 'required',
    owner: 'discovery',
    summary: '每个兴趣标签的最新作品',
    response: z.array(z.object({ tag: TagBrief, essays: z.array(Essay) })),
    errors: ['A0230'],
  }),
  hobbyPage: route({
    id: 'hobbyPage',
    method: 'GET',
    path: '/api/v1/pc/essays/hobbyPage',
    auth: 'required',
    owner: 'discovery',
    summary: '为你推荐（兴趣信息流）',
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0230'],
  }),
  bestWeek: route({
    id: 'bestWeek',
    method: 'GET',
    path: '/api/v1/pc/essays/bestWeek',
    auth: 'optional',
    owner: 'discovery',
    summary: '每周精选',
    query: z.object({
      week: z
        .string()
        .regex(/^\d{4}-W\d{2}$/, '格式应为 2026-W47')
        .optional(),
    }),
    response: z.object({
      week: z.string().nullable(),
      weeks: z.array(z.string()),
      list: z.array(Essay.extend({ rank: z.number().int(), note: z.string().nullable() })),
    }),
    errors: ['A0400', 'A0404'],
  }),
  search: route({
    id: 'search',
    method: 'GET',
    path: '/api/v1/pc/search',
    auth: 'optional',
    owner: 'discovery',
    summary: '全站搜索（作品 / 用户 / 标签）',
    query: SearchQuery,
    response: z.object({
      list: z.array(SearchHit),
      total: z.number().int(),
      totalCapped: z.boolean(),
      /** Words to mark in titles and snippets, longest first. */
      highlights: z.array(z.string()),
      /** The query as searched when its characters were changed (Traditional → Simplified, full width), else null. */
      normalized: z.string().nullable(),
      /** No text had every word: these have most of them (a wrong character). */
      relaxed: z.boolean(),
      author: AuthorCard.nullable(),
      /** Text results' facets (first page only; null otherwise and for people and tags). */
      facets: SearchFacets.nullable(),
      /** When nothing was found: searches others made that share a character with this one. */
      similar: z.array(z.string()),
    }),
    errors: ['A0400'],
  }),
  searchSuggest: route({
    id: 'searchSuggest',
    method: 'GET',
    path: '/api/v1/pc/search/suggest',
    auth: 'optional',
    owner: 'discovery',
    summary: '搜索联想（作者 / 作品 / 标签，支持拼音）',
    silent: true,
    query: z.object({ q: line(50).min(1) }),
    response: SearchSuggestions,
    errors: ['A0400'],
  }),
  authorEssays: route({
    id: 'authorEssays',
    method: 'GET',
    path: '/api/v1/pc/authors/:name/essays',
    auth: 'optional',
    owner: 'discovery',
    summary: '作者页：引用该作者的全部作品（按热度分页）',
    params: z.object({ name: text(1, LIMITS.workAuthorChars) }),
    query: PageQuery,
    response: page(Essay).extend({ author: AuthorProfile }),
    errors: ['A0400', 'A0404'],
  }),
  hotSearches: route({
    id: 'hotSearches',
    method: 'GET',
    path: '/api/v1/pc/search/hot',
    auth: 'optional',
    owner: 'discovery',
    summary: '热门搜索（只有汇总次数，不记录个人搜索）',
    silent: true,
    response: z.object({ list: z.array(z.object({ query: z.string(), count: z.number().int() })) }),
    errors: [],
  }),
};
