/**
 * The hot score decays with time, so it is refreshed periodically (and on every like/collect/imitation of a
 * text). Texts whose score has already decayed to nothing are left alone after one last refresh.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { essays } from '../db/schema.js';
import { hotScoreSql } from '../modules/essays/queries.js';

export async function refreshHotScores(db: Db): Promise<number> {
  const rows = await db
    .update(essays)
    .set({ hotScore: hotScoreSql })
    .where(and(eq(essays.status, 'published'), or(gt(essays.publishedAt, sql`now() - interval '60 days'`), gt(essays.hotScore, 1e-4))))
    .returning({ id: essays.id });
  return rows.length;
}
