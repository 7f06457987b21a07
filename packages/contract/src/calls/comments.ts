import { z } from 'zod';
import { Id, IdParams, inDomain, Ok, page, PageQuery, route, Timestamp } from '../schema.js';
import { LIMITS } from '../core.js';
import { UserBrief } from './entities.js';

const CommentBase = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  rootId: z.number().int().nullable(),
  content: z.string(),
  user: UserBrief,
  replyToUser: UserBrief.nullable(),
  likes: z.number().int(),
  /** Whether the signed-in reader has liked it (absent for visitors). */
  liked: z.boolean().optional(),
  createdAt: Timestamp,
});
export const Comment = CommentBase.extend({
  replies: z.array(CommentBase).optional(),
  replyCount: z.number().int().optional(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentLikeResult = z.object({ liked: z.boolean(), likes: z.number().int() });

export const commentCalls = inDomain('comments', {
  commentsPage: route({
    id: 'commentsPage',
    method: 'GET',
    path: '/api/v1/app/essay/comment/page',
    auth: 'optional',
    summary: '一级评论（每条附最新 3 条回复与回复数）',
    query: PageQuery.extend({ essayId: Id, sort: z.enum(['hot', 'new']).default('hot') }),
    response: page(Comment),
    errors: ['A0400', 'A0404'],
  }),
  commentChildren: route({
    id: 'commentChildren',
    method: 'GET',
    path: '/api/v1/app/essay/comment/children/page',
    auth: 'optional',
    summary: '一级评论的全部回复',
    query: PageQuery.extend({ rootId: Id }),
    response: page(Comment),
    errors: ['A0400', 'A0404'],
  }),
  createComment: route({
    id: 'createComment',
    method: 'POST',
    path: '/api/v1/app/essay/comment',
    auth: 'required',
    summary: '评论或回复',
    body: z.object({ essayId: Id, content: z.string().trim().min(1).max(LIMITS.commentChars), parentId: Id.optional() }),
    response: Comment,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'A0501'],
  }),
  deleteComment: route({
    id: 'deleteComment',
    method: 'POST',
    path: '/api/v1/app/essay/delete/comment/:id',
    auth: 'required',
    summary: '删除评论',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  likeComment: route({
    id: 'likeComment',
    method: 'POST',
    path: '/api/v1/app/essay/comment/:id/like',
    auth: 'required',
    summary: '赞评论（重复赞不重复计数；作者只收到一次通知）',
    params: IdParams,
    response: CommentLikeResult,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  unlikeComment: route({
    id: 'unlikeComment',
    method: 'DELETE',
    path: '/api/v1/app/essay/comment/:id/like',
    auth: 'required',
    summary: '取消赞评论',
    params: IdParams,
    response: CommentLikeResult,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
});
