/** Statements of the rankings: computing a period's lists (the job) and reading a page of one. */
import { ENGAGEMENT_WEIGHTS, TOTAL_CAP } from '@shiju/contract';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { columnNames, names } from '../../db/names.js';
import { collects, comments, essays, essayViews, importedEngagement, likes, rankingEntries } from '../../db/schema.js';
import { engagementSql } from '../../lib/engagement.js';
import { cardsSql, type CardRow } from '../essays/index.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';

export type Period = 'day' | 'week' | 'month' | 'all';
const INTERVAL: Record<Exclude<Period, 'all'>, string> = { day: '1 day', week: '7 days', month: '30 days' };

const e = names(alias(essays, 'e'));
/** A period's events per text (`ev`): keyed by essay_id as the events tables name it, likes' column first in the union. */
const ev = names(alias(likes, 'ev'));

/** Every published text with engagement in the period, with its score (the expensive part: run by the job only). */
function rankedSql(period: Period): SQL {
  const counters = engagementSql(e);
  if (period === 'all')
    return sql`select ${e.id}, ${e.type}, ${e.classificationId}, ${counters}::float8 as engagement, ${counters}::float8 as score
      from ${e} where ${e.status} = 'published'`;
  const since = sql`now() - ${INTERVAL[period]}::interval`;
  const w = ENGAGEMENT_WEIGHTS;
  return sql`
    with ev as (
      select essay_id, sum(w) as eng from (
        select ${likes.essayId}, ${w.likes}::float8 as w from ${likes} where ${likes.createdAt} >= ${since}
        union all select ${collects.essayId}, ${w.collects}::float8 from ${collects} where ${collects.createdAt} >= ${since}
        union all select ${comments.essayId}, ${w.comments}::float8 from ${comments} where ${comments.createdAt} >= ${since} and ${comments.status} = 'visible'
        union all select ${essays.imitateOf}, ${w.imitations}::float8 from ${essays}
          where ${essays.imitateOf} is not null and ${essays.status} = 'published' and ${essays.publishedAt} >= ${since}
        union all select ${essayViews.essayId}, ${w.views}::float8 from ${essayViews} where ${essayViews.hour} >= floor(extract(epoch from ${since}) / 3600)
        -- An imported text's dated engagement (the importer's history of its counters).
        union all select ${importedEngagement.essayId},
            ${importedEngagement.likes} * ${w.likes}::float8 + ${importedEngagement.collects} * ${w.collects}::float8 + ${importedEngagement.views} * ${w.views}::float8
          from ${importedEngagement} where ${importedEngagement.at} >= ${since}
      ) x group by essay_id
    ), period as (
      -- Two index-friendly halves instead of one OR, which read the whole table: texts published in the period
      -- (a range of the published index) and older texts that had events in it.
      select ${e.id}, ${e.type}, ${e.classificationId}, ${e.publishedAt}, ${counters} as engagement
      from ${e} where ${e.status} = 'published' and ${e.publishedAt} >= ${since}
      union all
      select ${e.id}, ${e.type}, ${e.classificationId}, ${e.publishedAt}, ev.eng
      from ev join ${e} on ${e.id} = ${ev.essayId} where ${e.status} = 'published' and ${e.publishedAt} < ${since}
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
      insert into ${rankingEntries} (${columnNames(
        rankingEntries.period,
        rankingEntries.essayId,
        rankingEntries.type,
        rankingEntries.classificationId,
        rankingEntries.engagement,
        rankingEntries.score,
      )})
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

type RankingEntry = typeof rankingEntries.$inferSelect;

/** A card with its place in the list: the entry's score (as `rankScore`) and engagement. */
export type RankingRow = CardRow & Pick<RankingEntry, 'engagement'> & { rankScore: RankingEntry['score'] };

/** The list's entries (`ranking_entries r`), the page's texts (`essays pe`) and cardsSql's page (`p`, columns of r). */
const r = names(alias(rankingEntries, 'r'));
const pe = names(alias(essays, 'pe'));
const p = names(alias(rankingEntries, 'p'));

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
      sql`${r.period} = ${f.period}`,
      f.type ? sql`${r.type} = ${f.type}` : undefined,
      f.classificationId ? sql`${r.classificationId} = ${f.classificationId}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  // The lists are precomputed, but a text hidden, withdrawn or deleted since leaves them at once.
  const shown = sql`join ${pe} on ${pe.id} = ${r.essayId} and ${pe.status} = 'published'${
    viewerId ? sql` and ${notBlockedBy(viewerId, pe.authorId)}` : sql``
  }`;
  const ids = sql`select id, row_number() over () as ord, score, engagement from (
    select ${r.essayId} as id, ${r.score}, ${r.engagement} from ${r} ${shown} where ${where}
    order by ${r.score} desc, ${r.essayId} desc limit ${limit} offset ${offset}) w`;
  // Entries of texts that stopped being published are deleted by a trigger (migration 0006), so the total counts the
  // small table alone; the page still joins its few rows, for a text hidden while a refresh was running.
  const counted = (from: SQL) => sql`(select count(*) from (select 1 from ${from} where ${where} limit ${TOTAL_CAP + 1}) capped)`;
  const plain = counted(sql`${r}`);
  const total = viewerId ? sql`(case when ${blocksAnyone(viewerId)} then ${counted(sql`${r} ${shown}`)} else ${plain} end)` : plain;
  return rowsOf<RankingRow>(db, cardsSql(ids, viewerId, { total, pageColumns: sql`, ${p.score} as "rankScore", ${p.engagement}` }), true);
}
