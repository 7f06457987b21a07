/**
 * Authors as people (decision 0020): an author is a name in an era (李白 · 唐), with life years and a biography where
 * the corpus's records give them; the author page (作者页), the dynasties (朝代) and a dynasty's authors.
 */
import { z } from 'zod';
import { LIMITS } from '../core.js';
import { inDomain, line, page, PageQuery, route, text } from '../schema.js';
import { Essay } from './entities.js';
import { DYNASTY_GROUPS, DYNASTY_NAMES } from '../dynasties.js';

export * from '../dynasties.js';

const UNKNOWN_DYNASTY = `未知的朝代，可选：${DYNASTY_GROUPS.map((g) => g.name).join('、')}`;

/** A dynasty as asked for: one of DYNASTY_NAMES. */
export const DynastyName = line(10).refine((d) => DYNASTY_NAMES.includes(d), UNKNOWN_DYNASTY);

/** Which author: a name and, for a name several eras share, the era ('' or absent: the one with the most works). */
export const AuthorKey = z.object({
  name: text(1, LIMITS.workAuthorChars),
  dynasty: line(10)
    .refine((d) => d === '' || DYNASTY_NAMES.includes(d), UNKNOWN_DYNASTY)
    .optional(),
});

/** An author in a list: name, era (null: none known), life years where known, published works. */
export const AuthorBrief = z.object({
  name: z.string(),
  dynasty: z.string().nullable(),
  born: z.number().int().nullable(),
  died: z.number().int().nullable(),
  works: z.number().int(),
});
export type AuthorBrief = z.infer<typeof AuthorBrief>;

/** 作者页: who the author is, their best-loved texts (代表作), the same name in other eras, others of their dynasty. */
export const AuthorDetail = AuthorBrief.extend({
  /** The dynasty group the era belongs to (唐 → 隋唐), for the link to its page; null when none. */
  group: z.string().nullable(),
  /** The biography, only when it says something (20 characters or more). */
  bio: z.string().nullable(),
  /** The person the bare name means (the most published of it): their address needs no era. */
  primary: z.boolean(),
  /** Other people of the same name (王建 · 宋 on 王建 · 唐's page), for a disambiguation line. */
  homonyms: z.array(AuthorBrief),
  /** 代表作: the most engaged-with published texts citing them. */
  top: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Other authors of the same era, most published first. */
  peers: z.array(AuthorBrief),
});
export type AuthorDetail = z.infer<typeof AuthorDetail>;

export const DynastyEntry = z.object({ name: z.string(), authors: z.number().int(), works: z.number().int() });
export const DynastyGroup = DynastyEntry.extend({ eras: z.array(DynastyEntry) });
export type DynastyGroup = z.infer<typeof DynastyGroup>;

export const authorCalls = inDomain('discovery', {
  authorDetail: route({
    id: 'authorDetail',
    method: 'GET',
    path: '/api/v1/pc/author',
    auth: 'optional',
    summary: '作者页：作者的朝代、生卒、简介、代表作、同名作者与同朝代作者',
    query: AuthorKey,
    response: AuthorDetail,
    errors: ['A0400', 'A0404'],
  }),
  authorWorks: route({
    id: 'authorWorks',
    method: 'GET',
    path: '/api/v1/pc/author/works',
    auth: 'optional',
    summary: '作者页：该作者（姓名 + 朝代）的全部作品，按热度分页',
    query: AuthorKey.extend(PageQuery.shape),
    response: page(Essay),
    errors: ['A0400', 'A0404'],
  }),
  dynasties: route({
    id: 'dynasties',
    method: 'GET',
    path: '/api/v1/pc/dynasties',
    auth: 'optional',
    summary: '朝代列表（先秦至近现代），每个朝代的作者数与作品数',
    response: z.object({ list: z.array(DynastyGroup) }),
    errors: [],
  }),
  dynastyAuthors: route({
    id: 'dynastyAuthors',
    method: 'GET',
    path: '/api/v1/pc/dynasties/authors',
    auth: 'optional',
    summary: '某朝代的作者，按作品数分页',
    query: PageQuery.extend({ dynasty: DynastyName }),
    response: page(AuthorBrief).extend({ dynasty: z.string(), group: z.string() }),
    errors: ['A0400'],
  }),
});
