import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  Id,
  IdParams,
  inDomain,
  Ok,
  page,
  PageQuery,
  route,
  sortQuery,
  Timestamp,
} from '../schema.js';
import { Essay, UserBrief } from './entities.js';
import { COLLECTION_LIMITS, UPLOAD_URL } from '../core.js';

export { COLLECTION_LIMITS };

export const DEFAULT_COLLECTION_NAME = '默认收藏夹';

export const CollectionFolder = z.object({
  id: z.number().int(),
  owner: UserBrief,
  name: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  isPublic: z.boolean(),
  isDefault: z.boolean(),
  /** Hidden by an editor: only its owner still sees it. */
  hidden: z.boolean(),
  itemCount: z.number().int(),
  followerCount: z.number().int(),
  /** Whether the viewer follows it. */
  following: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CollectionFolder = z.infer<typeof CollectionFolder>;

const Name = z.string().trim().min(1, '名称不能为空').max(COLLECTION_LIMITS.nameChars, `名称最多 ${COLLECTION_LIMITS.nameChars} 个字`);
const Description = z.string().trim().max(COLLECTION_LIMITS.descriptionChars, `简介最多 ${COLLECTION_LIMITS.descriptionChars} 个字`);
/** Like avatars and texts' covers: only an image this site stored (UPLOAD_URL's exact shape), never another address. */
const Cover = z.string().trim().max(300).regex(UPLOAD_URL, '封面必须是本站上传的图片').nullable();

export const CollectionInput = z.object({
  name: Name,
  description: Description.default(''),
  cover: Cover.default(null),
  isPublic: z.boolean().default(true),
});
export const CollectionChanges = z.object({
  name: Name.optional(),
  description: Description.optional(),
  cover: Cover.optional(),
  isPublic: z.boolean().optional(),
});

const EssayIds = z.array(Id).min(1, '至少选择一篇作品').max(COLLECTION_LIMITS.batch, `一次最多 ${COLLECTION_LIMITS.batch} 篇`);

export const CollectionUpdate = z.object({
  folder: z.object({ id: z.number().int(), name: z.string(), owner: UserBrief }),
  essay: Essay,
  addedAt: Timestamp,
});

export const collectionCalls = inDomain('people', {
  myCollections: route({
    id: 'myCollections',
    method: 'GET',
    path: '/api/v1/app/collections/mine',
    auth: 'required',
    summary: '我的收藏夹（含默认收藏夹）；给出 essayId 时标出哪些收藏夹里有这篇',
    query: z.object({ essayId: Id.optional() }),
    response: z.object({ list: z.array(CollectionFolder), containing: z.array(z.number().int()) }),
    errors: ['A0400', 'A0230'],
    silent: true,
  }),
  userCollections: route({
    id: 'userCollections',
    method: 'GET',
    path: '/api/v1/pc/users/:id/collections',
    auth: 'optional',
    summary: '用户公开的收藏夹（收藏不公开时 A0301）',
    params: IdParams,
    response: z.object({ list: z.array(CollectionFolder) }),
    errors: ['A0400', 'A0404', 'A0301'],
  }),
  collection: route({
    id: 'collection',
    method: 'GET',
    path: '/api/v1/app/collections/:id',
    auth: 'optional',
    summary: '一个收藏夹（他人的私密收藏夹答 A0404）',
    params: IdParams,
    response: CollectionFolder,
    errors: ['A0400', 'A0404'],
  }),
  collectionItems: route({
    id: 'collectionItems',
    method: 'GET',
    path: '/api/v1/app/collections/:id/items',
    auth: 'optional',
    summary: '收藏夹里的作品，按主人排的顺序',
    params: IdParams,
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0404'],
  }),
  createCollection: route({
    id: 'createCollection',
    method: 'POST',
    path: '/api/v1/app/collections',
    auth: 'required',
    summary: `新建收藏夹（每人最多 ${COLLECTION_LIMITS.folders} 个）`,
    body: CollectionInput,
    response: CollectionFolder,
    errors: ['A0400', 'A0230', 'A0501'],
  }),
  updateCollection: route({
    id: 'updateCollection',
    method: 'PUT',
    path: '/api/v1/app/collections/:id',
    auth: 'required',
    summary: '修改收藏夹的名称、简介、封面或公开与否',
    params: IdParams,
    body: CollectionChanges,
    response: CollectionFolder,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  deleteCollection: route({
    id: 'deleteCollection',
    method: 'DELETE',
    path: '/api/v1/app/collections/:id',
    auth: 'required',
    summary: '删除收藏夹（默认收藏夹不能删；作品仍留在其他收藏夹）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  reorderCollections: route({
    id: 'reorderCollections',
    method: 'POST',
    path: '/api/v1/app/collections/order',
    auth: 'required',
    summary: '调整我的收藏夹顺序（列出全部收藏夹的编号）',
    body: z.object({ ids: z.array(Id).min(1).max(COLLECTION_LIMITS.folders) }),
    response: Ok,
    errors: ['A0400', 'A0230'],
  }),
  setEssayCollections: route({
    id: 'setEssayCollections',
    method: 'PUT',
    path: '/api/v1/app/collections/essay',
    auth: 'required',
    summary: '选择一篇作品所在的收藏夹（空表示取消收藏）',
    body: z.object({ essayId: Id, folderIds: z.array(Id).max(COLLECTION_LIMITS.folders) }),
    response: z.object({ collected: z.boolean(), collects: z.number().int(), containing: z.array(z.number().int()) }),
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  removeCollectionItems: route({
    id: 'removeCollectionItems',
    method: 'POST',
    path: '/api/v1/app/collections/:id/items/remove',
    auth: 'required',
    summary: '从收藏夹移出作品（仍留在其他收藏夹）',
    params: IdParams,
    body: z.object({ essayIds: EssayIds }),
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  moveCollectionItems: route({
    id: 'moveCollectionItems',
    method: 'POST',
    path: '/api/v1/app/collections/:id/items/move',
    auth: 'required',
    summary: '把作品移动或复制到另一个收藏夹',
    params: IdParams,
    body: z.object({ essayIds: EssayIds, toId: Id, copy: z.boolean().default(false) }),
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  reorderCollectionItem: route({
    id: 'reorderCollectionItem',
    method: 'POST',
    path: '/api/v1/app/collections/:id/items/reorder',
    auth: 'required',
    summary: '把收藏夹里的一篇作品排到另一篇之后（afterEssayId 为空：排到最前）',
    params: IdParams,
    body: z.object({ essayId: Id, afterEssayId: Id.nullable() }),
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  followCollection: route({
    id: 'followCollection',
    method: 'POST',
    path: '/api/v1/app/collections/:id/follow',
    auth: 'required',
    summary: '关注公开的收藏夹',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  unfollowCollection: route({
    id: 'unfollowCollection',
    method: 'DELETE',
    path: '/api/v1/app/collections/:id/follow',
    auth: 'required',
    summary: '取消关注收藏夹',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  collectionUpdates: route({
    id: 'collectionUpdates',
    method: 'GET',
    path: '/api/v1/app/collections/updates',
    auth: 'required',
    summary: '收藏夹更新：我关注的收藏夹新收的作品',
    query: PageQuery,
    response: page(CollectionUpdate),
    errors: ['A0400', 'A0230'],
  }),
  adminCollectionsPage: route({
    id: 'adminCollectionsPage',
    method: 'GET',
    path: '/api/v1/admin/collections/page',
    auth: 'admin',
    summary: '全部收藏夹：按名称、简介或收藏者查找，看公开、私密或已隐藏的',
    query: AdminPageQuery.extend({
      /** Name, description, or the owner's nickname or username. */
      keyword: z.string().trim().max(50).optional(),
      state: z.enum(['public', 'private', 'hidden']).optional(),
      ...sortQuery(['createdAt', 'itemCount', 'followerCount']),
    }),
    response: page(CollectionFolder.omit({ following: true })),
    errors: [...ADMIN_ERRORS],
  }),
  adminHideCollection: route({
    id: 'adminHideCollection',
    method: 'POST',
    path: '/api/v1/admin/collections/:id/hide',
    auth: 'admin',
    summary: '隐藏或恢复一个收藏夹（被举报时；记入操作日志）',
    params: IdParams,
    body: z.object({ hidden: z.boolean() }),
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
});
