/**
 * Ads: served by position (5 is the sidebar list) within their time window, heavier first; members see
 * none. The frequency rule (minimum hours between two showings to one viewer) is checked by
 * `mayShow`, which also counts the impression when it says yes.
 */
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adImpressions, ads } from '../../db/schema.js';
import type { UserRow } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';

const live = and(eq(ads.status, 'active'), or(isNull(ads.startAt), lte(ads.startAt, sql`now()`)), or(isNull(ads.endAt), gt(ads.endAt, sql`now()`)));

const present = (a: typeof ads.$inferSelect) => ({ id: a.id, title: a.title, image: a.image, link: a.link, position: a.position, weight: a.weight, frequency: a.frequency });

export const isMember = (u: UserRow | null) => !!u?.memberUntil && u.memberUntil.getTime() > Date.now();

export async function adsAt(db: Db, position: number, viewer: UserRow | null) {
  if (isMember(viewer)) return [];
  const rows = await db.select().from(ads).where(and(live, eq(ads.position, position))).orderBy(desc(ads.weight), desc(ads.id)).limit(10);
  return rows.map(present);
}

export async function pageAds(db: Db, position: number | undefined, limit: number, offset: number, viewer: UserRow | null) {
  if (isMember(viewer)) return { list: [], total: 0 };
  const where = and(live, position === undefined ? undefined : eq(ads.position, position));
  const [rows, [n]] = await Promise.all([
    db.select().from(ads).where(where).orderBy(asc(ads.position), desc(ads.weight), desc(ads.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(ads).where(where),
  ]);
  return { list: rows.map(present), total: n?.n ?? 0 };
}

async function liveAd(db: Db, id: number) {
  const [a] = await db.select().from(ads).where(and(live, eq(ads.id, id))).limit(1);
  if (!a) throw notFound('广告不存在或已下线');
  return a;
}

export async function mayShow(db: Db, id: number, viewerKey: string, viewer: UserRow | null) {
  const ad = await liveAd(db, id);
  if (isMember(viewer)) return { show: false };
  // Claim the showing atomically: insert, or move last_shown_at only if the gap has passed.
  const claimed = await db
    .insert(adImpressions)
    .values({ adId: id, viewerKey })
    .onConflictDoUpdate({
      target: [adImpressions.adId, adImpressions.viewerKey],
      set: { lastShownAt: sql`now()` },
      setWhere: sql`${adImpressions.lastShownAt} <= now() - make_interval(hours => ${ad.frequency})`,
    })
    .returning({ at: adImpressions.lastShownAt });
  if (!claimed.length) return { show: false };
  await db.update(ads).set({ impressions: sql`${ads.impressions} + 1` }).where(eq(ads.id, id));
  return { show: true };
}

export async function click(db: Db, id: number) {
  const ad = await liveAd(db, id);
  await db.update(ads).set({ clicks: sql`${ads.clicks} + 1` }).where(eq(ads.id, id));
  return { link: ad.link };
}
