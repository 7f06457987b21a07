/**
 * Where a lag-tolerant read runs: `reader(viewerId?)` answers a fresh replica's database, or the primary's. A
 * signed-in user who wrote in the last READ_YOUR_WRITES_MS reads the primary, in every process: the registration
 * of calls records each write in a store all processes share (the primary's read_fences table, or Redis when
 * REDIS_URL is set) before it answers. Everything that must never lag (sessions, bans, blocks, permissions,
 * orders, every write) keeps using the primary's `db` directly.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database, Db } from './client.js';
import { readFences } from './schema.js';

/** How long a user's reads stay on the primary after a write of theirs (longer than a replica may lag). */
export const READ_YOUR_WRITES_MS = 5_000;

export interface Reader {
  /** The database a lag-tolerant read by `viewerId` (undefined: a visitor) runs on. */
  (viewerId?: number): Promise<Db>;
  /** After `userId`'s write committed and before it is answered: their next reads anywhere see it. */
  wrote(userId: number): Promise<void>;
}

const redisKey = (userId: number) => `shiju-ryw:${userId}`;

export function createReader(database: Database, redis: Redis | null, fenceMs = READ_YOUR_WRITES_MS): Reader {
  const { db, replicas } = database;
  /** Users known in this process to read the primary until a time: a fence only ever ends, so keeping it is safe. */
  const fencedUntil = new Map<number, number>();

  const fenced = async (userId: number): Promise<boolean> => {
    const until = fencedUntil.get(userId);
    if (until !== undefined) {
      if (until > Date.now()) return true;
      fencedUntil.delete(userId);
    }
    // One look-up per signed-in read; an answer of "no fence" cannot be kept (another process may write next).
    let left = 0;
    if (redis) left = await redis.pttl(redisKey(userId));
    else {
      const rows = await db
        .select({ left: sql<number>`(extract(epoch from ${readFences.until} - now()) * 1000)::int` })
        .from(readFences)
        .where(sql`${readFences.userId} = ${userId} and ${readFences.until} > now()`);
      left = rows[0]?.left ?? 0;
    }
    if (left > 0) fencedUntil.set(userId, Date.now() + left);
    return left > 0;
  };

  const reader = (async (viewerId?: number) => {
    // No replica to read (none configured, all behind or down): nothing to look up.
    if (!replicas?.anyFresh()) return db;
    if (viewerId !== undefined) {
      try {
        if (await fenced(viewerId)) return db;
      } catch {
        // The store away (Redis down): the primary is always right.
        return db;
      }
    }
    return replicas.pick() ?? db;
  }) as Reader;

  reader.wrote = async (userId: number) => {
    if (!replicas) return;
    fencedUntil.set(userId, Date.now() + fenceMs);
    try {
      if (redis) await redis.set(redisKey(userId), '1', 'PX', fenceMs);
      else
        await db
          .insert(readFences)
          .values({ userId, until: sql`now() + ${`${fenceMs} milliseconds`}::interval` })
          .onConflictDoUpdate({ target: readFences.userId, set: { until: sql`excluded.until` } });
    } catch {
      // The write itself committed: its answer stands. Other processes may then read a replica for a moment.
    }
  };
  return reader;
}
