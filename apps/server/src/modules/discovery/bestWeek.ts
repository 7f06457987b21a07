/**
 * Best of the week (PRODUCT §6): on Monday 00:00 Shanghai the top 20 texts published in the previous ISO
 * week are frozen as that week's list. Freezing is idempotent, so the job may also catch up after downtime.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bestWeekEntries, essays } from '../../db/schema.js';
import { previousWeek, weekRange } from '@shiju/contract/core';
import { engagementSql } from '../../lib/engagement.js';
import type { Exec } from '../../db/client.js';
import { notBlockedBy } from '../users/index.js';

export const BEST_WEEK_SIZE = 20;

export async function freezeWeek(db: Db, week: string): Promise<number> {
  const existing = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bestWeekEntries)
    .where(eq(bestWeekEntries.week, week));
  if ((existing[0]?.n ?? 0) > 0) return 0;
  const { start, end } = weekRange(week);
  const res = await db.execute(sql`
    insert into best_week_entries (week, essay_id, rank)
    select ${week}, id, row_number() over (order by engagement desc, id desc)
    from (
      select id, ${engagementSql()} as engagement
      from essays where status = 'published' and published_at >= ${start.toISOString()} and published_at < ${end.toISOString()}
      order by engagement desc, id desc limit ${BEST_WEEK_SIZE}
    ) top
    on conflict do nothing
    returning essay_id`);
  return res.rows.length;
}

export const freezePreviousWeek = (db: Db) => freezeWeek(db, previousWeek());

export async function frozenWeeks(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ week: bestWeekEntries.week }).from(bestWeekEntries).orderBy(desc(bestWeekEntries.week));
  return rows.map((r) => r.week);
}

/**
 * A week's entries, pinned first; the public sees only texts that are still published, and a signed-in reader
 * (`viewerId`) not those of people they blocked.
 */
export async function weekEntries(db: Exec, week: string, publishedOnly = true, viewerId?: number) {
  return db
    .select({ essayId: bestWeekEntries.essayId, rank: bestWeekEntries.rank, note: bestWeekEntries.note, pinned: bestWeekEntries.pinned })
    .from(bestWeekEntries)
    .innerJoin(essays, eq(essays.id, bestWeekEntries.essayId))
    .where(
      and(
        eq(bestWeekEntries.week, week),
        publishedOnly ? eq(essays.status, 'published') : undefined,
        viewerId ? notBlockedBy(viewerId, essays.authorId) : undefined,
      ),
    )
    .orderBy(desc(bestWeekEntries.pinned), asc(bestWeekEntries.rank));
}
