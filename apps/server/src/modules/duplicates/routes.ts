import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { actorOf, audited } from '../audit/index.js';
import * as duplicates from './service.js';

/** Duplicates found before posting: the editor's check and the editors' list (merging is the essays module's). */
export function duplicateHandlers({ db }: ModuleDeps<never>) {
  return defineHandlers({
    checkDuplicates: async ({ body }) => duplicates.checkWords(db, body),
    adminDuplicatesPage: async ({ query }) => duplicates.pairsPage(db, query),
    adminDismissDuplicate: async ({ me, req, params }) =>
      audited(db, actorOf(me, req), { action: 'duplicate.dismiss', targetType: 'duplicate', targetId: params.id }, (tx) =>
        duplicates.dismissPair(tx, params.id),
      ),
  });
}
