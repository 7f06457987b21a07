import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { actorOf } from '../audit/index.js';
import * as conflicts from './service.js';

/** 署名冲突: the editors' two lists (users' posts, the corpus's own) and their call on one. */
export function conflictHandlers({ db, runtime }: ModuleDeps<'broadcast'>) {
  return defineHandlers({
    adminConflictsPage: async ({ query }) => conflicts.conflictsPage(db, query),
    adminResolveConflict: async ({ me, req, params, body }) =>
      conflicts.resolveConflict(db, runtime.broadcast, actorOf(me, req), params.id, body),
  });
}
