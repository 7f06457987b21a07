/** Statements of the rankings: computing a period's lists (the job) and reading a page of one. */
import { ENGAGEMENT_WEIGHTS, TOTAL_CAP } from '@shiju/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { rankingEntries } from '../../db/schema.js';
import { engagementSql } from '../../lib/engagement.js';
import { cardsSql, type CardRow } from '../essays/index.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';

export type Period = 'day' | 'week' | 'month' | 'all';
const INTERVAL: Record<Exclude<Period, 'all'>, string> = { day: '1 day', week: '7 days', month: '30 days' };

/** Every published text with engagement in the period, with its score (the expensive part: run by the job only). */
function rankedSql(period: Period): SQL {
  const counters = engagementSql('e');
  if (period === 'all')
    return sql`select e.id, e.type, e.classification_id, ${counters}::float8 as engagement, ${counters}::float8 as score
      from essays e where e.status = 'published'`;
  const since = sql`now() - ${INTERVAL[period]}::interval`;
  const w = ENGAGEMENT_WEIGHTS;
  return sql`
    with ev as (
      select essay_id, sum(w) as eng from (
        select essay_id, ${w.likes}::float8 as w from likes where created_at >= ${since}
        union all select essay_id, ${w.collects}::float8 from collects where created_at >= ${since}
        union all select essay_id, ${w.comments}::float8 from comments where created_at >= ${since} and status = 'visible'
        union all select imitate_of, ${w.imitations}::float8 from essays where imitate_of is not null and status = 'published' and published_at >= ${since}
        union all select essay_id, ${w.views}::float8 from essay_views where hour >= floor(extract(epoch from ${since}) / 3600)
        -- An imported text's dated engagement (the importer's history of its counters).
        union all select essay_id, likes * ${w.likes}::float8 + collects * ${w.collects}::float8 + views * ${w.views}::float8
          from imported_engagement where at >= ${since}
      ) x group by essay_id
    ), period as (
      -- Two index-friendly halves instead of one OR, which read the whole table: texts published in the period
      -- (a range of the published index) and older texts that had events in it.
      select e.id, e.type, e.classification_id, e.published_at, ${counters} as engagement
      from essays e where e.status = 'published' and e.published_at >= ${since}
      union all
      select e.id, e.type, e.classification_id, e.published_at, ev.eng
      from ev join essays e on e.id = ev.essay_id where e.status = 'published' and e.published_at < ${since}
    )
    select id, type, classification_id, engagement::float8 as engagement,
      ((engagement + 1) / power(greatest(extract(epoch from (now() - published_at)) / 3600, 0) + 2, 1.5))::float8 as score
    from period`;
}

/**
 * Recomputes one period's lists and swaps them in, in one transaction: readers see the old lists until it commits.
 * Writes at most a few thousand rows, never the essays table.
 */
export async function replaceRanking(db: Db, period: Period, depth: number): Promise<number> {
  return db.transaction(async (tx) => {
    // Four window sorts over up to the whole corpus: give them memory rather than temporary files.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.delete(rankingEntries).where(sql`${rankingEntries.period} = ${period}`);
    const res = await tx.execute(sql`
      insert into ranking_entries (period, essay_id, type, classification_id, engagement, score)
      select ${period}, id, type, classification_id, engagement, score from (
        select r.*,
          row_number() over (order by score desc, id desc) as in_all,
          row_number() over (partition by classification_id order by score desc, id desc) as in_class,
          row_number() over (partition by type order by score desc, id desc) as in_type,
          row_number() over (partition by classification_id, type order by score desc, id desc) as in_both
        from (${rankedSql(period)}) r
      ) x where least(in_all, in_class, in_type, in_both) <= ${depth}`);
    return res.rowCount ?? 0;
  });
}

export interface RankingRow extends CardRow {
  rank_score: number;
  engagement: number;
}

/**
 * A page of a precomputed ranking as cards with the viewer's flags, and its total, in one statement. The lists are
 * the same for everyone; a signed-in viewer's page leaves out the texts of people they blocked while it walks the
 * list's index (a key probe of blocks per entry passed), and their total counts without them only when they blocked
 * someone. A visitor's statement is the plain walk.
 */
export function rankingRows(
  db: Db,
  f: { period: Period; type?: string; classificationId?: number },
  limit: number,
  offset: number,
  viewerId?: number,
) {
  const where = sql.join(
    [
      sql`r.period = ${f.period}`,
      f.type ? sql`r.type = ${f.type}` : undefined,
      f.classificationId ? sql`r.classification_id = ${f.classificationId}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  // The lists are precomputed, but a text hidden, withdrawn or deleted since leaves them at once.
  const shown = sql`join essays pe on pe.id = r.essay_id and pe.status = 'published'${
    viewerId ? sql` and ${notBlockedBy(viewerId, sql`pe.author_id`)}` : sql``
  }`;
  const ids = sql`select id, row_number() over () as ord, score, engagement from (
    select r.essay_id as id, r.score, r.engagement from ranking_entries r ${shown} where ${where}
    order by r.score desc, r.essay_id desc limit ${limit} offset ${offset}) w`;
  // Entries of texts that stopped being published are deleted by a trigger (migration 0006), so the total counts the
  // small table alone; the page still joins its few rows, for a text hidden while a refresh was running.
  const counted = (from: SQL) => sql`(select count(*) from (select 1 from ${from} where ${where} limit ${TOTAL_CAP + 1}) capped)`;
  const plain = counted(sql`ranking_entries r`);
  const total = viewerId
    ? sql`(case when ${blocksAnyone(viewerId)} then ${counted(sql`ranking_entries r ${shown}`)} else ${plain} end)`
    : plain;
  return rowsOf<RankingRow>(db, cardsSql(ids, viewerId, { total, pageColumns: sql`, p.score as rank_score, p.engagement` }), true);
}
