import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { actorOf } from '../audit/index.js';
import type { EssayCaches, ViewBuffer } from '../essays/index.js';
import * as admin from './admin.js';
import * as challenges from './service.js';

export function challengeHandlers({
  db,
  config,
  runtime,
}: ModuleDeps<'broadcast' | 'now' | 'sensitive', { essayCaches: EssayCaches; views: ViewBuffer }>) {
  return defineHandlers({
    challengesPage: async ({ query, caller }) => challenges.challengesPage(db, query, runtime.now(), caller.user),
    challengeDetails: async ({ params, caller }) => challenges.challengeDetails(db, params.id, runtime.now(), caller.user),
    challengeEntries: async ({ params, query, caller }) => challenges.challengeEntries(db, params.id, query, runtime.now(), caller.user),
    enterChallenge: async ({ me, params, body }) => challenges.enterChallenge(db, runtime, me, params.id, body, config.publishLimits),
    adminChallengesPage: async ({ query }) => admin.pageChallenges(db, query, runtime.now()),
    adminCreateChallenge: async ({ me, req, body }) => admin.createChallenge(db, actorOf(me, req), body, runtime.now()),
    adminUpdateChallenge: async ({ me, req, params, body }) => admin.updateChallenge(db, actorOf(me, req), params.id, body, runtime.now()),
  });
}
