import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as people from './service.js';

export function peopleHandlers({ db, runtime }: ModuleDeps<'broadcast'>) {
  return defineHandlers({
    followingFeed: async ({ me, query }) => people.followingFeed(db, me, query),
    suggestedUsers: async ({ me }) => people.suggestedUsers(db, me),
    block: async ({ me, params }) => people.block(db, runtime.broadcast, me, params.id, true),
    unblock: async ({ me, params }) => people.block(db, runtime.broadcast, me, params.id, false),
    myBlocks: async ({ me, query }) => people.myBlocks(db, me, query),
    acceptAgreement: async ({ me, body }) => people.acceptAgreement(db, me, body.version),
    requestDeletion: async ({ me, body }) => people.requestDeletion(db, runtime.broadcast, me, body),
    cancelDeletion: async ({ me }) => people.cancelDeletion(db, runtime.broadcast, me),
  });
}
