import { z } from 'zod';
import { Id, IdParams, line, page, PageQuery, route } from '../schema.js';
import { LIMITS } from '../core.js';
import { TagBrief } from './entities.js';

export const Classification = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  sort: z.number().int(),
  essayCount: z.number().int(),
  tagCount: z.number().int(),
});
export type Classification = z.infer<typeof Classification>;

export const Tag = TagBrief.extend({ sort: z.number().int(), essayCount: z.number().int() });
export type Tag = z.infer<typeof Tag>;

export const LetterGroup = z.object({ letter: z.string(), tags: z.array(Tag) });

export const classificationCalls = {
  classificationsPage: route({
    id: 'classificationsPage',
    method: 'GET',
    path: '/api/v1/pc/classifications/page',
    auth: 'none',
    owner: 'foundation',
    summary: '分类列表',
    query: PageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(50).default(20) }),
    response: page(Classification),
    errors: ['A0400'],
  }),
  classificationDetail: route({
    id: 'classificationDetail',
    method: 'GET',
    path: '/api/v1/pc/classifications/:id',
    auth: 'none',
    owner: 'foundation',
    summary: '分类详情',
    params: IdParams,
    response: Classification,
    errors: ['A0400', 'A0404'],
  }),
  classificationTags: route({
    id: 'classificationTags',
    method: 'GET',
    path: '/api/v1/pc/classificationTagRel/page',
    auth: 'none',
    owner: 'reading-writing',
    summary: '分类下的一级标签',
    query: PageQuery.extend({ classificationId: Id, pageSize: z.coerce.number().int().min(1).max(50).default(50) }),
    response: page(Tag),
    errors: ['A0400', 'A0404'],
  }),
  secondLevelTags: route({
    id: 'secondLevelTags',
    method: 'GET',
    path: '/api/v1/pc/classificationTagRel/two/page',
    auth: 'none',
    owner: 'reading-writing',
    summary: '一级标签下的二级标签',
    query: PageQuery.extend({ parentId: Id, pageSize: z.coerce.number().int().min(1).max(50).default(50) }),
    response: page(Tag),
    errors: ['A0400', 'A0404'],
  }),
  tagLetters: route({
    id: 'tagLetters',
    method: 'GET',
    path: '/api/v1/pc/classificationTagRel/letter',
    auth: 'none',
    owner: 'reading-writing',
    summary: '按拼音首字母分组的标签（A–Z，然后 #）',
    query: z.object({
      classificationId: Id.optional(),
      /**
       * `write`: the tags the editor offers a text. Collection tags (唐诗, 楚辞, 五代词… and the poets or chapters
       * under them) only for a quote from that collection, told by its author and work (their era, or a name the
       * collection lists); a text of one's own is offered theme tags only.
       */
      purpose: z.enum(['browse', 'write']).default('browse'),
      workAuthor: line(LIMITS.workAuthorChars).optional(),
      workTitle: line(LIMITS.workTitleChars).optional(),
    }),
    response: z.array(LetterGroup),
    errors: ['A0400'],
  }),
};
