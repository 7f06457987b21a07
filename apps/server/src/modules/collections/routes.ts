import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { actorOf } from '../audit/index.js';
import { react } from '../essays/index.js';
import * as collections from './service.js';

/**
 * The 收藏夹 calls, and the one owner of `like` / `unlike` (the seed's `beLike` and its PUT): type=collect goes
 * through the folders, a like to the essays module's reaction. Not the essays module: it cannot import the folders.
 */
export function collectionHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'now' | 'sensitive'>) {
  return defineHandlers({
    like: async ({ me, body }) =>
      body.type === 'collect'
        ? collections.collect(db, runtime, me, body.essayId, true)
        : react(db, runtime, me, body.essayId, 'like', true),
    unlike: async ({ me, body }) =>
      body.type === 'collect'
        ? collections.collect(db, runtime, me, body.essayId, false)
        : react(db, runtime, me, body.essayId, 'like', false),
    myCollections: async ({ me, query }) => collections.mine(db, me, query.essayId),
    userCollections: async ({ params, caller }) => collections.ofUser(db, params.id, caller.user),
    collection: async ({ params, caller }) => collections.one(db, params.id, caller.user),
    collectionItems: async ({ params, query, caller }) => collections.items(db, params.id, query, caller.user),
    createCollection: async ({ me, body }) => collections.create(db, runtime, me, body),
    updateCollection: async ({ me, params, body }) => collections.update(db, runtime, me, params.id, body),
    deleteCollection: async ({ me, params }) => collections.remove(db, runtime, me, params.id),
    reorderCollections: async ({ me, body }) => collections.reorder(db, me, body.ids),
    setEssayCollections: async ({ me, body }) => collections.setForEssay(db, runtime, me, body.essayId, body.folderIds),
    removeCollectionItems: async ({ me, params, body }) => collections.removeItems(db, runtime, me, params.id, body.essayIds),
    moveCollectionItems: async ({ me, params, body }) => collections.moveItems(db, runtime, me, params.id, body),
    reorderCollectionItem: async ({ me, params, body }) => collections.reorderItem(db, me, params.id, body),
    followCollection: async ({ me, params }) => collections.follow(db, me, params.id, true),
    unfollowCollection: async ({ me, params }) => collections.follow(db, me, params.id, false),
    collectionUpdates: async ({ me, query }) => collections.updates(db, me, query),
    adminCollectionsPage: async ({ query }) => collections.adminPage(db, query),
    adminHideCollection: async ({ me, req, params, body }) => collections.hide(db, actorOf(me, req), params.id, body.hidden),
  });
}
