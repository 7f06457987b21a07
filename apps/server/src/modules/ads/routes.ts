import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as ads from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export const adHandlers = defineHandlers({
  adsPage: async ({ db, body, caller }) => ads.pageAds(db, body.position, body.pageSize, offsetOf(body), caller.user),
  adsList: async ({ db, params, caller }) => ads.adsAt(db, params.id, caller.user),
  adsFrequency: async ({ db, query, caller }) => ads.mayShow(db, query.adId, caller.viewerKey, caller.user),
  adsClick: async ({ db, params }) => ads.click(db, params.id),
  adminAdsPage: async ({ db, query }) => admin.pageAds(db, query),
  adminCreateAd: async ({ db, me, req, body }) => admin.saveAd(db, actorOf(me, req), null, body),
  adminUpdateAd: async ({ db, me, req, params, body }) => admin.saveAd(db, actorOf(me, req), params.id, body),
  adminDeleteAd: async ({ db, me, req, params }) => admin.deleteAd(db, actorOf(me, req), params.id),
});
