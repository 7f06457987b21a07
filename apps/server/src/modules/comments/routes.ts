import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as comments from './service.js';

export const commentHandlers = defineHandlers({
  commentsPage: async ({ db, query, caller }) =>
    comments.pageComments(db, query.essayId, query.sort, query.pageSize, offsetOf(query), caller.user?.id),
  commentChildren: async ({ db, query, caller }) =>
    comments.pageChildren(db, query.rootId, query.pageSize, offsetOf(query), caller.user?.id),
  createComment: async ({ db, me, body, runtime }) => comments.createComment(db, runtime, me, body),
  deleteComment: async ({ db, me, params, runtime }) => comments.deleteComment(db, runtime.broadcast, me, params.id),
  likeComment: async ({ db, me, params }) => comments.likeComment(db, me, params.id, true),
  unlikeComment: async ({ db, me, params }) => comments.likeComment(db, me, params.id, false),
});
