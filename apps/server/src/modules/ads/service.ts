/**
 * Ads: served by position (5 is the sidebar list) within their time window, heavier first; members see
 * none. The frequency rule (minimum hours between two showings to one viewer) is checked by
 * `mayShow`, which also counts the impression when it says yes.
 */
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { notFound } from '../../http/errors.js';
import { exactTotal } from '../../lib/paging.js';
import { hit } from '../limits/index.js';
import { presentAd } from './presenter.js';
import * as q from './queries.js';

/** At most this many ads at one position. */
const PER_POSITION = 10;

export const isMember = (u: UserRow | null) => !!u?.memberUntil && u.memberUntil.getTime() > Date.now();

export async function adsAt(db: Db, position: number, viewer: UserRow | null) {
  if (isMember(viewer)) return [];
  return (await q.liveAt(db, position, PER_POSITION)).map(presentAd);
}

export async function pageAds(db: Db, position: number | undefined, limit: number, offset: number, viewer: UserRow | null) {
  if (isMember(viewer)) return { list: [], ...exactTotal(0) };
  const { rows, ...total } = await q.pageLive(db, position, limit, offset);
  return { list: rows.map(presentAd), ...total };
}

async function liveAd(db: Db, id: number) {
  const ad = await q.findLive(db, id);
  if (!ad) throw notFound('广告不存在或已下线');
  return ad;
}

export async function mayShow(db: Db, id: number, viewerKey: string, viewer: UserRow | null) {
  const ad = await liveAd(db, id);
  if (isMember(viewer)) return { show: false };
  if (!(await q.claimShowing(db, id, viewerKey, ad.frequency))) return { show: false };
  await q.countImpression(db, id);
  return { show: true };
}

/** Clicks on one ad counted from one address within a window, whatever cookies its visitors send. */
export const AD_CLICKS_PER_ADDRESS = 10;

/** Who clicked: the reader or the visitor's cookie when there is one, else the address; and the address. */
export interface Clicker {
  visitor: string;
  address: string;
}

/**
 * Whether this click counts: the visitor's first on this ad within the window, and the address still under
 * AD_CLICKS_PER_ADDRESS (so fresh cookies from one machine buy little). The counters live in the database
 * (limits), so parallel clicks and several processes count one.
 */
async function counts(db: Db, id: number, who: Clicker, windowMs: number) {
  if ((await hit(db, { key: `adclick:${id}:${who.visitor}`, windowMs })) > 1) return false;
  if (who.visitor === `ip:${who.address}`) return true;
  return (await hit(db, { key: `adclick:${id}:ip:${who.address}`, windowMs })) <= AD_CLICKS_PER_ADDRESS;
}

/** The ad's link, for every click; its counter only once per visitor per ad per window. */
export async function click(db: Db, id: number, who: Clicker, windowMs: number) {
  const ad = await liveAd(db, id);
  if (await counts(db, id, who, windowMs)) await q.countClick(db, id);
  return { link: ad.link };
}
