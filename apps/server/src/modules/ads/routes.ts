import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as ads from './service.js';

export const adHandlers = defineHandlers({
  adsPage: async ({ db, body, caller }) => ads.pageAds(db, body.position, body.pageSize, offsetOf(body), caller.user),
  adsList: async ({ db, params, caller }) => ads.adsAt(db, params.id, caller.user),
  adsFrequency: async ({ db, query, caller }) => ads.mayShow(db, query.adId, caller.viewerKey, caller.user),
  adsClick: async ({ db, params }) => ads.click(db, params.id),
});
