/**
 * PRODUCT §6 in SQL, built from the contract's weights so the rule has one home. The hot score needs no decay
 * (see docs/decisions/0007): it changes only when a text's own counters or publish time do, on that write.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ENGAGEMENT_WEIGHTS, HOT_EPOCH_SECONDS, HOT_SECONDS_PER_DECADE, type EngagementCounters } from '@shiju/contract';

type Counter = keyof EngagementCounters;

/**
 * A text's counter columns: the essays table or an alias of it (`alias(essays, 'e')`), whose columns render qualified
 * by its name. Typed by shape, as lib does not import the schema: statement files pass the table.
 */
export type CounterColumns = Record<Counter, AnyColumn | SQL>;

/** Engagement over a row's counters; `next` replaces a counter by its new value inside an UPDATE's SET. */
export function engagementSql(t: CounterColumns, next: Partial<Record<Counter, SQL>> = {}): SQL {
  const parts = (Object.keys(ENGAGEMENT_WEIGHTS) as Counter[]).map(
    (k) => sql`${next[k] ?? t[k]} * ${sql.raw(String(ENGAGEMENT_WEIGHTS[k]))}`,
  );
  return sql`(${sql.join(parts, sql` + `)})`;
}

/** The hot score of the row (or of the row after `next`), the same formula as the contract's hotScoreOf. */
export function hotScoreSql(t: CounterColumns & { publishedAt: AnyColumn | SQL }, next: Partial<Record<Counter, SQL>> = {}): SQL {
  return sql`(log(${engagementSql(t, next)}::float8 + 1) + (extract(epoch from coalesce(${t.publishedAt}, now()))::float8 - ${sql.raw(
    String(HOT_EPOCH_SECONDS),
  )}) / ${sql.raw(String(HOT_SECONDS_PER_DECADE))})`;
}
