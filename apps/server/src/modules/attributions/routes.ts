import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as attributions from './service.js';
import { actorOf } from '../audit/index.js';

export function attributionHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'sensitive'>) {
  return defineHandlers({
    attribution: async ({ params, caller }) => attributions.attributionOf(db, params.id, caller.user),
    addEvidence: async ({ me, body }) => attributions.addEvidence(db, runtime, me, body),
    confirmEvidence: async ({ me, params }) => attributions.confirmEvidence(db, me, params.id),
    disputedLines: async ({ query }) => attributions.disputedPage(db, query),
    adminAttributionsPage: async ({ query }) => attributions.adminQueue(db, query),
    adminResolveAttribution: async ({ me, req, params, body }) =>
      attributions.resolve(db, runtime.broadcast, actorOf(me, req), me, params.id, body),
    adminHideEvidence: async ({ me, req, params, body }) =>
      attributions.hideByEditor(db, runtime.broadcast, actorOf(me, req), params.id, body.reason),
    adminAddDisputedLine: async ({ me, req, body }) => attributions.addDisputed(db, runtime.broadcast, actorOf(me, req), body),
    adminRemoveDisputedLine: async ({ me, req, params }) => attributions.removeDisputed(db, actorOf(me, req), params.id),
  });
}
