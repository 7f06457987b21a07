import { defineHandlers } from '../../http/routes.js';
import * as social from './service.js';

export const socialHandlers = defineHandlers({
  userProfile: async ({ db, params, caller }) => social.profile(db, params.id, caller.user),
  follow: async ({ db, me, params }) => social.follow(db, me, params.id, true),
  unfollow: async ({ db, me, params }) => social.follow(db, me, params.id, false),
  userRelations: async ({ db, params, query, caller }) => social.relations(db, params.id, query.type, query, caller.user),
  userLikes: async ({ db, params, query, caller }) => social.reacted(db, 'like', params.id, query, caller.user),
  userCollects: async ({ db, params, query, caller }) => social.reacted(db, 'collect', params.id, query, caller.user),
  uninterested: async ({ db, me, params, runtime }) => social.uninterested(db, runtime.broadcast, me, params.id),
});
