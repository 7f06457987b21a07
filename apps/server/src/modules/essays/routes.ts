import { defineHandlers } from '../../http/routes.js';
import * as essays from './service.js';
import * as essaysAdmin from './admin.js';
import { actorOf } from '../audit/index.js';

export const essayHandlers = defineHandlers({
  essaysPage: async ({ db, body, caller, runtime }) =>
    essays.listPublished(db, runtime.essayCaches, body, caller.user, caller.blocksSomeone),
  myEssays: async ({ db, me, query }) => essays.listMine(db, me, query),
  essayDetails: async ({ db, body, caller, runtime }) =>
    essays.details(db, runtime, body.id, caller.user, caller.prerender ? null : caller.viewerKey),
  essayForm: async ({ db, me, params }) => essays.essayFormFor(db, me, params.id),
  createEssay: async ({ db, me, body, runtime }) => essays.createEssay(db, runtime, me, body),
  updateEssay: async ({ db, me, params, body, runtime }) => essays.updateEssay(db, runtime, me, params.id, body),
  withdrawEssay: async ({ db, me, params, runtime }) => essays.withdrawEssay(db, runtime.broadcast, me, params.id),
  deleteEssay: async ({ db, me, params, runtime }) => essays.deleteEssay(db, runtime.broadcast, me, params.id),
  like: async ({ db, me, body, runtime }) => essays.react(db, runtime.broadcast, me, body.essayId, body.type, true),
  unlike: async ({ db, me, body, runtime }) => essays.react(db, runtime.broadcast, me, body.essayId, body.type, false),
  imitations: async ({ db, params, query, caller }) => essays.imitationsOf(db, params.id, query, caller.user),
  tagHotDiscussed: async ({ db, params, caller }) => essays.hotDiscussedUnderTag(db, params.id, caller.user),
  adminEssaysPage: async ({ db, query, runtime }) => essaysAdmin.pageEssays(db, query, runtime.sensitive),
  adminReviewEssay: async ({ db, me, req, params, body, runtime }) => essaysAdmin.review(db, runtime, actorOf(me, req), params.id, body),
  adminHideEssay: async ({ db, me, req, params, body, runtime }) => essaysAdmin.hide(db, runtime, actorOf(me, req), params.id, body.reason),
  adminRestoreEssay: async ({ db, me, req, params, runtime }) => essaysAdmin.restore(db, runtime, actorOf(me, req), params.id),
});
