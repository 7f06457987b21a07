import { defineHandlers } from '../../http/routes.js';
import * as essays from './service.js';
import * as essaysAdmin from './admin.js';
import { actorOf } from '../audit/service.js';

export const essayHandlers = defineHandlers({
  essaysPage: async ({ db, body, caller }) => essays.listPublished(db, body, caller.user, caller.blocksSomeone),
  myEssays: async ({ db, me, query }) => essays.listMine(db, me, query),
  essayDetails: async ({ db, body, caller }) => essays.details(db, body.id, caller.user, caller.prerender ? null : caller.viewerKey),
  essayForm: async ({ db, me, params }) => essays.essayFormFor(db, me, params.id),
  createEssay: async ({ db, me, body, config }) => essays.createEssay(db, me, body, config.sensitiveWordsFile),
  updateEssay: async ({ db, me, params, body, config }) => essays.updateEssay(db, me, params.id, body, config.sensitiveWordsFile),
  withdrawEssay: async ({ db, me, params }) => essays.withdrawEssay(db, me, params.id),
  deleteEssay: async ({ db, me, params }) => essays.deleteEssay(db, me, params.id),
  like: async ({ db, me, body }) => essays.react(db, me, body.essayId, body.type, true),
  unlike: async ({ db, me, body }) => essays.react(db, me, body.essayId, body.type, false),
  imitations: async ({ db, params, query, caller }) => essays.imitationsOf(db, params.id, query, caller.user),
  tagHotDiscussed: async ({ db, params, caller }) => essays.hotDiscussedUnderTag(db, params.id, caller.user),
  adminEssaysPage: async ({ db, query, config }) => essaysAdmin.pageEssays(db, query, config.sensitiveWordsFile),
  adminReviewEssay: async ({ db, me, req, params, body, config }) =>
    essaysAdmin.review(db, actorOf(me, req), params.id, body, config.sensitiveWordsFile),
  adminHideEssay: async ({ db, me, req, params, body, config }) =>
    essaysAdmin.hide(db, actorOf(me, req), params.id, body.reason, config.sensitiveWordsFile),
  adminRestoreEssay: async ({ db, me, req, params, config }) => essaysAdmin.restore(db, actorOf(me, req), params.id, config.sensitiveWordsFile),
});
