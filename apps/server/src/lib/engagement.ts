/**
 * The contract's engagement weights and ranked score in SQL, built from the contract's constants so each rule has one
 * home. The ranked score (docs/decisions/0016) needs no decay: it changes only when a text's likes or views do, on
 * that write.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ENGAGEMENT_WEIGHTS,
  IMITATION_KEY_STEP,
  LIKE_WEIGHT_FULL_SECONDS,
  RANK_MIN_LIKES,
  RANK_Z,
  type EngagementCounters,
  type RankCounters,
} from '@shiju/contract';

type Counter = keyof EngagementCounters;

/**
 * A text's counter columns: the essays table or an alias of it (`alias(essays, 'e')`), whose columns render qualified
 * by its name. Typed by shape, as lib does not import the schema: statement files pass the table.
 */
export type CounterColumns = Record<Counter, AnyColumn | SQL>;

/** Engagement over a row's counters; `next` replaces a counter by its new value inside an UPDATE's SET. */
export function engagementSql(t: CounterColumns, next: Partial<Record<Counter, SQL>> = {}): SQL {
  return weightedSum(COUNTERS, (k) => next[k] ?? t[k]);
}

const COUNTERS = Object.keys(ENGAGEMENT_WEIGHTS) as Counter[];

/** The contract's weighted sum of `counters`, each read by `value`. */
function weightedSum(counters: Counter[], value: (k: Counter) => AnyColumn | SQL): SQL {
  return sql`(${sql.join(
    counters.map((k) => sql`${value(k)} * ${sql.raw(String(ENGAGEMENT_WEIGHTS[k]))}`),
    sql` + `,
  )})`;
}

/**
 * What readers did with a text — engagement without its page views: the order of an author's page (most popular
 * first), kept in essays_work_author_idx. Views stay out of that index so that a flushed view count touches no index
 * and PostgreSQL can make it a HOT update; an index naming `views` made every flush rewrite every index of the row,
 * the GIN ones among them (benchmarks/scale.md, "Start-ups before and after"). The index itself is built from this
 * expression (db/schema.ts).
 */
export function popularitySql(t: CounterColumns): SQL {
  return weightedSum(
    COUNTERS.filter((k) => k !== 'views'),
    (k) => t[k],
  );
}

const num = (n: number) => sql.raw(String(n));

/** The contract's wilsonLowerBound over two float8 expressions (0 when n is 0). */
export function wilsonSql(positive: SQL, n: SQL): SQL {
  const z = num(RANK_Z);
  const z2 = num(RANK_Z * RANK_Z);
  return sql`(select case when wn <= 0 then 0::float8 else
      (wp + ${z2} / (2 * wn) - ${z} * sqrt(greatest((wp * (1 - wp) + ${z2} / (4 * wn)) / wn, 0))) / (1 + ${z2} / wn) end
    from (select least(1::float8, ${positive}::float8 / nullif(${n}::float8, 0)) as wp, ${n}::float8 as wn) w)`;
}

/** The contract's hotScoreOf over three float8 expressions: weighted likes, likes (people), views. */
export function rankScoreSql(c: Record<keyof RankCounters, SQL | AnyColumn>): SQL {
  const bound = wilsonSql(sql`${c.likeWeight}`, sql`greatest(${c.views}, ${c.likes}, ${c.likeWeight})`);
  return sql`(${bound} - case when ${c.likeWeight} >= ${num(RANK_MIN_LIKES)} then 0 else 1 end)`;
}

/** The stored ranked score of the row, or of the row after `next` (likes, weight or views moved in an UPDATE's SET). */
export function hotScoreSql(t: Record<keyof RankCounters, AnyColumn | SQL>, next: Partial<Record<keyof RankCounters, SQL>> = {}): SQL {
  return rankScoreSql({ likeWeight: next.likeWeight ?? t.likeWeight, likes: next.likes ?? t.likes, views: next.views ?? t.views });
}

/** The weight of a like made at `at` by an account created at `createdAt` (the contract's likeWeightOf). */
export function likeWeightSql(at: Date, createdAt: AnyColumn | SQL): SQL {
  return sql`least(1::float8, greatest(0::float8, extract(epoch from (${at.toISOString()}::timestamptz - ${createdAt}))::float8 / ${num(
    LIKE_WEIGHT_FULL_SECONDS,
  )}))`;
}

/** /imitative's key (the contract's imitationKeyOf). */
export function imitationKeySql(t: { imitations: AnyColumn | SQL; hotScore: AnyColumn | SQL }): SQL {
  return sql`(${t.imitations} * ${num(IMITATION_KEY_STEP)} + ${t.hotScore})`;
}
