import { z } from 'zod';
import { ADMIN_ERRORS, ADMIN_ERRORS_404, Id, inDomain, line, page, PageQuery, route, text } from '../schema.js';
import { LIMITS } from '../core.js';
import { Essay, EssayStatus, EssayType, TagBrief, UserBrief } from './entities.js';

/**
 * A text on a ranking: its place and the counts of its period that put it there (people who liked it, viewers), from
 * which the page says why it is listed (rankReasonOf); the score itself is not a reader's business.
 */
export const RankingEntry = Essay.extend({ rank: z.number().int(), likers: z.number().int(), viewers: z.number().int() });

/** `mine`: the signed-in reader's own 收藏夹, highlights and 想法. */
export const SearchType = z.enum(['essay', 'user', 'tag', 'mine']);
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
  Essay.extend({
    kind: z.literal('mine'),
    /** My 收藏夹 that hold it. */
    folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** My highlights on it that matched (up to 5), with their 想法. */
    marks: z.array(z.object({ id: z.number().int(), quote: z.string(), thought: z.string().nullable() })),
  }),
]);
export type SearchHit = z.infer<typeof SearchHit>;

// ---------- the admin console: best of the week ----------

const WeekString = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, '格式应为 2026-W47')
  .describe('ISO week, e.g. 2026-W47');

export const AdminBestWeekEntry = z.object({
  essayId: z.number().int(),
  rank: z.number().int(),
  pinned: z.boolean(),
  note: z.string().nullable(),
  essay: z.object({
    id: z.number().int(),
    type: EssayType,
    title: z.string().nullable(),
    summary: z.string(),
    status: EssayStatus,
    author: UserBrief,
    likes: z.number().int(),
    collects: z.number().int(),
    comments: z.number().int(),
  }),
});
export const AdminBestWeek = z.object({
  week: WeekString,
  weeks: z.array(z.string()).describe('weeks that have a list, newest first'),
  list: z.array(AdminBestWeekEntry),
});
export const BestWeekWrite = z.object({
  week: WeekString,
  /** The whole list in order (rank = position); entries left out are removed; new essay ids are added. */
  entries: z
    .array(z.object({ essayId: Id, pinned: z.boolean().default(false), note: z.string().trim().max(200).nullable().optional() }))
    .max(50),
});

export const discoveryCalls = inDomain('discovery', {
  createInterests: route({
    id: 'createInterests',
    method: 'POST',
    path: '/api/pc/pc-users/create/tag',
    auth: 'required',
    summary: '首次选择兴趣标签',
    body: z.object({ tagIds: z.array(Id).min(3, '请至少选择 3 个兴趣标签').max(50) }),
    response: z.object({ tagIds: z.array(z.number().int()) }),
    errors: ['A0400', 'A0230'],
  }),
  getInterests: route({
    id: 'getInterests',
    method: 'GET',
    path: '/api/pc/pc-users/get/tag',
    auth: 'required',
    summary: '我的兴趣标签',
    response: z.object({ tagIds: z.array(z.number().int()) }),
    errors: ['A0230'],
  }),
  updateInterests: route({
    id: 'updateInterests',
    method: 'POST',
    path: '/api/pc/pc-users/update/tag',
    auth: 'required',
    summary: '修改兴趣标签',
    body: z.object({ tagIds: z.array(Id).min(3, '请至少选择 3 个兴趣标签').max(50) }),
    response: z.object({ tagIds: z.array(z.number().int()) }),
    errors: ['A0400', 'A0230'],
  }),
  ranking: route({
    id: 'ranking',
    method: 'POST',
    path: '/api/v1/es/essays/ranking/page',
    auth: 'optional',
    summary: '排行榜',
    body: PageQuery.extend({
      period: z.enum(['day', 'week', 'month', 'all']).default('day'),
      type: EssayType.optional(),
      classificationId: Id.optional(),
    }),
    response: page(RankingEntry),
    errors: ['A0400'],
  }),
  hobbyList: route({
    id: 'hobbyList',
    method: 'GET',
    path: '/api/v1/pc/essays/hobbyList',
    auth: 'required',
    summary: '每个兴趣标签的最新作品',
    response: z.array(z.object({ tag: TagBrief, essays: z.array(Essay) })),
    errors: ['A0230'],
  }),
  hobbyPage: route({
    id: 'hobbyPage',
    method: 'GET',
    path: '/api/v1/pc/essays/hobbyPage',
    auth: 'required',
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
    summary: '全站搜索（作品 / 用户 / 标签）；type=mine 搜索我的收藏夹、划线与想法（需登录）',
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
    errors: ['A0400', 'A0230'],
  }),
  searchSuggest: route({
    id: 'searchSuggest',
    method: 'GET',
    path: '/api/v1/pc/search/suggest',
    auth: 'optional',
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
    summary: '热门搜索（只有汇总次数，不记录个人搜索）',
    silent: true,
    response: z.object({ list: z.array(z.object({ query: z.string(), count: z.number().int() })) }),
    errors: [],
  }),
  adminBestWeek: route({
    id: 'adminBestWeek',
    method: 'GET',
    path: '/api/v1/admin/bestWeek',
    auth: 'admin',
    summary: '某周精选（缺省为最近冻结的一周）',
    query: z.object({ week: WeekString.optional() }),
    response: AdminBestWeek,
    errors: [...ADMIN_ERRORS],
  }),
  adminUpdateBestWeek: route({
    id: 'adminUpdateBestWeek',
    method: 'PUT',
    path: '/api/v1/admin/bestWeek',
    auth: 'admin',
    summary: '编辑某周精选（置顶、移除、排序、编辑寄语）',
    body: BestWeekWrite,
    response: AdminBestWeek,
    errors: [...ADMIN_ERRORS_404],
  }),
});
