import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as comments from './service.js';

export const commentHandlers = defineHandlers({
  commentsPage: async ({ db, query }) => comments.pageComments(db, query.essayId, query.sort, query.pageSize, offsetOf(query)),
  commentChildren: async ({ db, query }) => comments.pageChildren(db, query.rootId, query.pageSize, offsetOf(query)),
  createComment: async ({ db, me, body, config }) => comments.createComment(db, me, body, config.sensitiveWordsFile),
  deleteComment: async ({ db, me, params }) => comments.deleteComment(db, me, params.id),
});
