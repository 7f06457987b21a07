import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as comments from './service.js';

export function commentHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'sensitive'>) {
  return defineHandlers({
    commentsPage: async ({ query, caller }) =>
      comments.pageComments(db, query.essayId, query.sort, query.pageSize, offsetOf(query), caller.user?.id),
    commentChildren: async ({ query, caller }) => comments.pageChildren(db, query.rootId, query.pageSize, offsetOf(query), caller.user?.id),
    createComment: async ({ me, body }) => comments.createComment(db, runtime, me, body),
    deleteComment: async ({ me, params }) => comments.deleteComment(db, runtime.broadcast, me, params.id),
    likeComment: async ({ me, params }) => comments.likeComment(db, me, params.id, true),
    unlikeComment: async ({ me, params }) => comments.likeComment(db, me, params.id, false),
  });
}
