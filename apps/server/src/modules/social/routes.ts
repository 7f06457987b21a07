import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as social from './service.js';

export function socialHandlers({ db, runtime }: ModuleDeps<'broadcast'>) {
  return defineHandlers({
    userProfile: async ({ params, caller }) => social.profile(db, params.id, caller.user),
    follow: async ({ me, params }) => social.follow(db, me, params.id, true),
    unfollow: async ({ me, params }) => social.follow(db, me, params.id, false),
    userRelations: async ({ params, query, caller }) => social.relations(db, params.id, query.type, query, caller.user),
    userLikes: async ({ params, query, caller }) => social.reacted(db, 'like', params.id, query, caller.user),
    userCollects: async ({ params, query, caller }) => social.reacted(db, 'collect', params.id, query, caller.user),
    uninterested: async ({ me, params }) => social.uninterested(db, runtime.broadcast, me, params.id),
  });
}
