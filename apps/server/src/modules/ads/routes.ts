import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as ads from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export function adHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    adsPage: async ({ body, caller }) => ads.pageAds(db, body.position, body.pageSize, offsetOf(body), caller.user),
    adsList: async ({ params, caller }) => ads.adsAt(db, params.id, caller.user),
    adsFrequency: async ({ query, caller }) => ads.mayShow(db, query.adId, caller.viewerKey, caller.user),
    adsClick: async ({ params }) => ads.click(db, params.id),
    adminAdsPage: async ({ query }) => admin.pageAds(db, query),
    adminCreateAd: async ({ me, req, body }) => admin.saveAd(db, actorOf(me, req), null, body),
    adminUpdateAd: async ({ me, req, params, body }) => admin.saveAd(db, actorOf(me, req), params.id, body),
    adminDeleteAd: async ({ me, req, params }) => admin.deleteAd(db, actorOf(me, req), params.id),
  });
}
