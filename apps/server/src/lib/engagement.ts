/**
 * PRODUCT §6 in SQL, built from the contract's weights so the rule has one home. The hot score needs no decay
 * (see docs/decisions/0007): it changes only when a text's own counters or publish time do, on that write.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ENGAGEMENT_WEIGHTS, HOT_EPOCH_SECONDS, HOT_SECONDS_PER_DECADE, type EngagementCounters } from '@shiju/contract';

type Counter = keyof EngagementCounters;

/** Engagement over a row's counters; `next` replaces a counter by its new value inside an UPDATE's SET. */
export function engagementSql(alias = 'essays', next: Partial<Record<Counter, SQL>> = {}): SQL {
  const parts = (Object.keys(ENGAGEMENT_WEIGHTS) as Counter[]).map(
    (k) => sql`${next[k] ?? sql.raw(`${alias}.${k}`)} * ${sql.raw(String(ENGAGEMENT_WEIGHTS[k]))}`,
  );
  return sql`(${sql.join(parts, sql` + `)})`;
}

/** The hot score of the row (or of the row after `next`), the same formula as the contract's hotScoreOf. */
export function hotScoreSql(alias = 'essays', next: Partial<Record<Counter, SQL>> = {}): SQL {
  return sql`(log(${engagementSql(alias, next)}::float8 + 1) + (extract(epoch from coalesce(${sql.raw(`${alias}.published_at`)}, now()))::float8 - ${sql.raw(
    String(HOT_EPOCH_SECONDS),
  )}) / ${sql.raw(String(HOT_SECONDS_PER_DECADE))})`;
}
