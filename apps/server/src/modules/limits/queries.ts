/**
 * Fixed-window counters in the database, counted and checked in one statement, so a burst of parallel
 * requests cannot all read "under the limit" before any of them writes (the race a count-then-insert has),
 * and every API process shares the same counts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateCounters } from '../db/schema.js';

export interface Window {
  /** Counter name and subject, e.g. `login:ip:libai|10.0.0.1`. */
  key: string;
  windowMs: number;
}

/** Adds one to the counter (a new window once the old one is over) and answers the count including this hit. */
export async function hit(db: Db, w: Window): Promise<number> {
  const secs = w.windowMs / 1000;
  const rows = await db.execute<{ count: number }>(sql`
    insert into ${rateCounters} (key, count, window_start) values (${w.key}, 1, now())
    on conflict (key) do update set
      count = case when ${rateCounters.windowStart} <= now() - make_interval(secs => ${secs}) then 1 else ${rateCounters.count} + 1 end,
      window_start = case when ${rateCounters.windowStart} <= now() - make_interval(secs => ${secs}) then now() else ${rateCounters.windowStart} end
    returning count`);
  return Number(rows.rows[0]?.count ?? 1);
}

/** The current count of a window (0 when it is over or was never hit). */
export async function peek(db: Db, w: Window): Promise<number> {
  const secs = w.windowMs / 1000;
  const rows = await db.execute<{ count: number }>(
    sql`select count from ${rateCounters} where key = ${w.key} and window_start > now() - make_interval(secs => ${secs})`,
  );
  return Number(rows.rows[0]?.count ?? 0);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateCounters} where key = ${key}`);
}

/** Counts one and answers whether the caller is still within `max` for this window. */
export async function allow(db: Db, w: Window, max: number): Promise<boolean> {
  return (await hit(db, w)) <= max;
}
