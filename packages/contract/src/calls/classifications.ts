import { z } from 'zod';
import { ADMIN_ERRORS, ADMIN_ERRORS_404, Id, IdParams, inDomain, line, Ok, page, PageQuery, route, SiteImage, text } from '../schema.js';
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

// ---------- the admin console: classifications & tags ----------

export const AdminClassification = Classification.extend({
  status: z.enum(['active', 'hidden']),
  tagIds: z.array(z.number().int()),
});
export const ClassificationWrite = z.object({
  name: text(1, 30),
  description: z.string().trim().max(300).default(''),
  cover: SiteImage.nullable().optional(),
  sort: z.coerce.number().int().min(-100000).max(100000).default(0),
  status: z.enum(['active', 'hidden']).default('active'),
});

export const AdminTag = Tag.extend({
  classificationIds: z.array(z.number().int()),
  childCount: z.number().int(),
});
export const TagWrite = z.object({
  name: text(1, 30),
  /** null = first level; otherwise the first-level parent. */
  parentId: Id.nullable().default(null),
  sort: z.coerce.number().int().min(-100000).max(100000).default(0),
  /** First-level tags only: the classifications it appears under. */
  classificationIds: z.array(Id).max(50).default([]),
});

export const classificationCalls = inDomain('classifications', {
  classificationsPage: route({
    id: 'classificationsPage',
    method: 'GET',
    path: '/api/v1/pc/classifications/page',
    auth: 'none',
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
  adminClassifications: route({
    id: 'adminClassifications',
    method: 'GET',
    path: '/api/v1/admin/classifications',
    auth: 'admin',
    summary: '全部分类（含隐藏）',
    response: z.array(AdminClassification),
    errors: ['A0230', 'A0301'],
  }),
  adminCreateClassification: route({
    id: 'adminCreateClassification',
    method: 'POST',
    path: '/api/v1/admin/classifications',
    auth: 'admin',
    summary: '新建分类',
    body: ClassificationWrite,
    response: AdminClassification,
    errors: [...ADMIN_ERRORS],
  }),
  adminUpdateClassification: route({
    id: 'adminUpdateClassification',
    method: 'PUT',
    path: '/api/v1/admin/classifications/:id',
    auth: 'admin',
    summary: '修改分类',
    params: IdParams,
    body: ClassificationWrite,
    response: AdminClassification,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminDeleteClassification: route({
    id: 'adminDeleteClassification',
    method: 'DELETE',
    path: '/api/v1/admin/classifications/:id',
    auth: 'admin',
    summary: '删除分类（仍有作品使用时拒绝）',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminTags: route({
    id: 'adminTags',
    method: 'GET',
    path: '/api/v1/admin/tags',
    auth: 'admin',
    summary: '全部标签（一级在前，按排序）',
    response: z.array(AdminTag),
    errors: ['A0230', 'A0301'],
  }),
  adminCreateTag: route({
    id: 'adminCreateTag',
    method: 'POST',
    path: '/api/v1/admin/tags',
    auth: 'admin',
    summary: '新建标签（首字母由拼音计算）',
    body: TagWrite,
    response: AdminTag,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminUpdateTag: route({
    id: 'adminUpdateTag',
    method: 'PUT',
    path: '/api/v1/admin/tags/:id',
    auth: 'admin',
    summary: '修改标签',
    params: IdParams,
    body: TagWrite,
    response: AdminTag,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminDeleteTag: route({
    id: 'adminDeleteTag',
    method: 'DELETE',
    path: '/api/v1/admin/tags/:id',
    auth: 'admin',
    summary: '删除标签（连同其二级标签；作品不受影响）',
    params: IdParams,
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminMergeTag: route({
    id: 'adminMergeTag',
    method: 'POST',
    path: '/api/v1/admin/tags/:id/merge',
    auth: 'admin',
    summary: '把该标签合并到另一个标签（作品、兴趣与二级标签随之转移）',
    params: IdParams,
    body: z.object({ intoId: Id }),
    response: AdminTag,
    errors: [...ADMIN_ERRORS_404],
  }),
});
