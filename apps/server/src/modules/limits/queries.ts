/**
 * Fixed-window counters in the database, counted and checked in one statement, so a burst of parallel
 * requests cannot all read "under the limit" before any of them writes (the race a count-then-insert has),
 * and every API process shares the same counts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateCounters } from '../../db/schema.js';

export interface Window {
  /** Counter name and subject, e.g. `login:ip:libai|10.0.0.1`. */
  key: string;
  windowMs: number;
}

/** Adds one to the counter (a new window once the old one is over) and answers the count including this hit. */
export async function hit(db: Db, w: Window): Promise<number> {
  return (await hitWindow(db, w)).count;
}

/** `hit`, also answering how many seconds are left of the window (what a refusal tells the caller to wait). */
export async function hitWindow(db: Db, w: Window): Promise<{ count: number; secondsLeft: number }> {
  const secs = w.windowMs / 1000;
  const over = sql`${rateCounters.windowStart} <= now() - make_interval(secs => ${secs})`;
  const rows = await db
    .insert(rateCounters)
    .values({ key: w.key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${over} then 1 else ${rateCounters.count} + 1 end`,
        windowStart: sql`case when ${over} then now() else ${rateCounters.windowStart} end`,
      },
    })
    .returning({
      count: rateCounters.count,
      secondsLeft: sql<number>`extract(epoch from ${rateCounters.windowStart} + make_interval(secs => ${secs}) - now())::float8`,
    });
  return { count: Number(rows[0]?.count ?? 1), secondsLeft: Math.max(0, Number(rows[0]?.secondsLeft ?? secs)) };
}

/** The current count of a window (0 when it is over or was never hit). */
export async function peek(db: Db, w: Window): Promise<number> {
  const secs = w.windowMs / 1000;
  const rows = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, w.key), sql`${rateCounters.windowStart} > now() - make_interval(secs => ${secs})`));
  return Number(rows[0]?.count ?? 0);
}

/** Days after which no window is still running (the longest is 30 days: AD_CLICK_WINDOW_MINUTES' most). */
export const STALE_COUNTER_DAYS = 31;

/** Deletes the counters whose window ended long ago (one a visitor and ad for clicks: the table would only grow). */
export async function pruneStale(db: Db): Promise<{ pruned: number }> {
  const gone = await db
    .delete(rateCounters)
    .where(sql`${rateCounters.windowStart} < now() - make_interval(days => ${STALE_COUNTER_DAYS})`)
    .returning({ key: rateCounters.key });
  return { pruned: gone.length };
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Counts one and answers whether the caller is still within `max` for this window. */
export async function allow(db: Db, w: Window, max: number): Promise<boolean> {
  return (await hit(db, w)) <= max;
}
