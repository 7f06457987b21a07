import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as coach from './service.js';

export function coachHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    coachParallel: async ({ me, body }) => coach.checkParallel(db, me, body),
    imitationScores: async ({ params, caller }) => coach.imitationScores(db, params.id, caller.user ?? undefined),
    setImitationScoresPublic: async ({ me, params, body }) => coach.setScoresPublic(db, me, params.id, body.public),
  });
}
