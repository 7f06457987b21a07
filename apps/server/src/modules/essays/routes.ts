import { defineHandlers } from '../../http/routes.js';
import * as essays from './service.js';

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
});
