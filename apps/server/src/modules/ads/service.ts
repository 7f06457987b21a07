/**
 * Ads: served by position (5 is the sidebar list) within their time window, heavier first; members see
 * none. The frequency rule (minimum hours between two showings to one viewer) is checked by
 * `mayShow`, which also counts the impression when it says yes.
 */
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { notFound } from '../../http/errors.js';
import { exactTotal } from '../../lib/paging.js';
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

export async function click(db: Db, id: number) {
  const ad = await liveAd(db, id);
  await q.countClick(db, id);
  return { link: ad.link };
}
