import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { adImpressions, ads } from '../../db/schema.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

export type AdRow = typeof ads.$inferSelect;

/** Active and inside its time window. */
const live = and(
  eq(ads.status, 'active'),
  or(isNull(ads.startAt), lte(ads.startAt, sql`now()`)),
  or(isNull(ads.endAt), gt(ads.endAt, sql`now()`)),
);

export function liveAt(db: Db, position: number, limit: number) {
  return db
    .select()
    .from(ads)
    .where(and(live, eq(ads.position, position)))
    .orderBy(desc(ads.weight), desc(ads.id))
    .limit(limit);
}

export function pageLive(db: Db, position: number | undefined, limit: number, offset: number) {
  const where = and(live, position === undefined ? undefined : eq(ads.position, position));
  return withTotal(
    db.select().from(ads).where(where).orderBy(asc(ads.position), desc(ads.weight), desc(ads.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(ads).where(where).$dynamic()),
  );
}

export async function findLive(db: Db, id: number): Promise<AdRow | undefined> {
  const [a] = await db
    .select()
    .from(ads)
    .where(and(live, eq(ads.id, id)))
    .limit(1);
  return a;
}

/**
 * Claims a showing of the ad to one viewer atomically: inserts the impression, or moves its time only when
 * `frequencyHours` have passed since the last one. True when the showing was claimed.
 */
export async function claimShowing(db: Db, adId: number, viewerKey: string, frequencyHours: number): Promise<boolean> {
  const claimed = await db
    .insert(adImpressions)
    .values({ adId, viewerKey })
    .onConflictDoUpdate({
      target: [adImpressions.adId, adImpressions.viewerKey],
      set: { lastShownAt: sql`now()` },
      setWhere: sql`${adImpressions.lastShownAt} <= now() - make_interval(hours => ${frequencyHours})`,
    })
    .returning({ at: adImpressions.lastShownAt });
  return claimed.length > 0;
}

export async function countImpression(db: Db, id: number) {
  await db
    .update(ads)
    .set({ impressions: sql`${ads.impressions} + 1` })
    .where(eq(ads.id, id));
}

export async function countClick(db: Db, id: number) {
  await db
    .update(ads)
    .set({ clicks: sql`${ads.clicks} + 1` })
    .where(eq(ads.id, id));
}

/** The console's page of every ad, filtered by position and status, sortable by its counters. */
export function pageAll(db: Db, q: CallParsed<'adminAdsPage'>['query']) {
  const where = and(q.position !== undefined ? eq(ads.position, q.position) : undefined, q.status ? eq(ads.status, q.status) : undefined);
  const ctr = sql`case when ${ads.impressions} = 0 then 0 else ${ads.clicks}::float8 / ${ads.impressions} end`;
  const order = sortedBy(
    q,
    { createdAt: ads.createdAt, weight: ads.weight, impressions: ads.impressions, clicks: ads.clicks, ctr },
    ads.id,
    [asc(ads.position), desc(ads.weight), desc(ads.id)],
  );
  return withTotal(
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(ads).where(where).$dynamic()),
  );
}

export type AdValues = typeof ads.$inferInsert;

export async function insertAd(tx: Exec, values: AdValues): Promise<AdRow> {
  const [a] = await tx.insert(ads).values(values).returning();
  return a!;
}

export async function updateAd(tx: Exec, id: number, values: Partial<AdValues>): Promise<AdRow | undefined> {
  const [a] = await tx.update(ads).set(values).where(eq(ads.id, id)).returning();
  return a;
}

/** True when the ad existed. */
export async function deleteAd(tx: Exec, id: number): Promise<boolean> {
  const gone = await tx.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
  return gone.length > 0;
}
