import type { FastifyRequest } from 'fastify';
import { hasVisitorCookie, type Caller } from '../../http/auth.js';
import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as ads from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

/** A click's visitor: the reader, or the visitor's cookie when sent; a caller without one is known by address. */
const clickerOf = (caller: Caller, req: FastifyRequest): ads.Clicker => ({
  visitor: caller.user || hasVisitorCookie(req) ? caller.viewerKey : `ip:${req.ip}`,
  address: req.ip,
});

export function adHandlers({ db, config }: ModuleDeps) {
  return defineHandlers({
    adsPage: async ({ body, caller }) => ads.pageAds(db, body.position, body.pageSize, offsetOf(body), caller.user),
    adsList: async ({ params, caller }) => ads.adsAt(db, params.id, caller.user),
    adsFrequency: async ({ query, caller }) => ads.mayShow(db, query.adId, caller.viewerKey, caller.user),
    adsClick: async ({ params, caller, req }) => ads.click(db, params.id, clickerOf(caller, req), config.adClickWindowMinutes * 60_000),
    adminAdsPage: async ({ query }) => admin.pageAds(db, query),
    adminCreateAd: async ({ me, req, body }) => admin.saveAd(db, actorOf(me, req), null, body),
    adminUpdateAd: async ({ me, req, params, body }) => admin.saveAd(db, actorOf(me, req), params.id, body),
    adminDeleteAd: async ({ me, req, params }) => admin.deleteAd(db, actorOf(me, req), params.id),
  });
}
