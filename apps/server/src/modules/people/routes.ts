import { defineHandlers } from '../../http/routes.js';
import * as people from './service.js';

export const peopleHandlers = defineHandlers({
  followingFeed: async ({ db, me, query }) => people.followingFeed(db, me, query),
  suggestedUsers: async ({ db, me }) => people.suggestedUsers(db, me),
  block: async ({ db, me, params, runtime }) => people.block(db, runtime.broadcast, me, params.id, true),
  unblock: async ({ db, me, params, runtime }) => people.block(db, runtime.broadcast, me, params.id, false),
  myBlocks: async ({ db, me, query }) => people.myBlocks(db, me, query),
  acceptAgreement: async ({ db, me, body }) => people.acceptAgreement(db, me, body.version),
  requestDeletion: async ({ db, me, body, runtime }) => people.requestDeletion(db, runtime.broadcast, me, body),
  cancelDeletion: async ({ db, me, runtime }) => people.cancelDeletion(db, runtime.broadcast, me),
});
