import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as essays from './service.js';
import * as essaysAdmin from './admin.js';
import { mergeEssays } from './merge.js';
import { actorOf } from '../audit/index.js';
import { imitationTree } from './tree.js';
import type { EssayCaches } from './cache.js';
import type { ViewBuffer } from './views.js';

export function essayHandlers({
  db,
  config,
  runtime,
}: ModuleDeps<'broadcast' | 'now' | 'reader' | 'sensitive', { essayCaches: EssayCaches; views: ViewBuffer }>) {
  const { reader } = runtime;
  return defineHandlers({
    essaysPage: async ({ body, caller }) =>
      essays.listPublished(await reader(caller.user?.id), runtime.essayCaches, body, caller.user, caller.blocksSomeone),
    myEssays: async ({ me, query }) => essays.listMine(db, me, query),
    essayDetails: async ({ body, caller }) =>
      essays.details(await reader(caller.user?.id), runtime, body.id, caller.user, caller.prerender ? null : caller.viewerKey),
    essayView: async ({ body, caller }) => essays.recordView(db, runtime, body.id, caller.prerender ? null : caller.viewerKey),
    essayForm: async ({ me, params }) => essays.essayFormFor(db, me, params.id),
    createEssay: async ({ me, body }) => essays.createEssay(db, runtime, me, body, config.publishLimits),
    updateEssay: async ({ me, params, body }) => essays.updateEssay(db, runtime, me, params.id, body, config.publishLimits),
    withdrawEssay: async ({ me, params }) => essays.withdrawEssay(db, runtime.broadcast, me, params.id),
    deleteEssay: async ({ me, params }) => essays.deleteEssay(db, runtime.broadcast, me, params.id),
    imitations: async ({ params, query, caller }) => essays.imitationsOf(await reader(caller.user?.id), params.id, query, caller.user),
    imitationTree: async ({ params, query, caller }) =>
      imitationTree(await reader(caller.user?.id), params.id, query, caller.user, caller.blocksSomeone),
    tagHotDiscussed: async ({ params, caller }) => essays.hotDiscussedUnderTag(await reader(caller.user?.id), params.id, caller.user),
    adminEssaysPage: async ({ query }) => essaysAdmin.pageEssays(db, query, runtime.sensitive),
    adminReviewEssay: async ({ me, req, params, body }) => essaysAdmin.review(db, runtime, actorOf(me, req), params.id, body),
    adminHideEssay: async ({ me, req, params, body }) => essaysAdmin.hide(db, runtime, actorOf(me, req), params.id, body.reason),
    adminMergeEssays: async ({ me, req, params, body }) => mergeEssays(db, runtime.broadcast, actorOf(me, req), params.id, body.into),
    adminRestoreEssay: async ({ me, req, params }) => essaysAdmin.restore(db, runtime, actorOf(me, req), params.id),
  });
}
