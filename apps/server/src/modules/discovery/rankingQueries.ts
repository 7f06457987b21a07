/** Statements of the rankings: computing a period's lists (the job) and reading a page of one. */
import { RANK_MIN_LIKES, TOTAL_CAP } from '@shiju/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { names } from '../../db/names.js';
import { essays, essayViews, importedEngagement, likes, rankingEntries } from '../../db/schema.js';
import { rankScoreSql } from '../../lib/engagement.js';
import { cardPage, underReportLimit, type CardRow } from '../essays/index.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';
import { mutesAnything, notMutedBy } from '../mutes/index.js';

export type Period = 'day' | 'week' | 'month' | 'all';
const INTERVAL: Record<Exclude<Period, 'all'>, string> = { day: '1 day', week: '7 days', month: '30 days' };

const e = names(alias(essays, 'e'));
/** A period's events per text (`ev`): keyed by essay_id as the events tables name it, likes' column first in the union. */
const ev = names(alias(likes, 'ev'));

/**
 * The published texts with ids in [lo, hi) that qualify for the period's lists, with their scores (run by the job
 * only). A period counts what happened inside it as of `at`: the likes made in it (each with the weight it was made
 * with) and the distinct viewers of its hours, plus an imported text's dated likes and views (established). 总榜 reads
 * the stored all-time score. Texts below RANK_MIN_LIKES of weighted likes are not listed at all, however new. Each
 * events table is read by its essay_id index, so a chunk reads only its texts' events.
 */
function rankedSql(period: Period, at: Date, lo: number, hi: number): SQL {
  if (period === 'all')
    return sql`select ${e.id}, ${e.type}, ${e.classificationId}, ${e.likeWeight}::float8 as engagement, ${e.hotScore}::float8 as score,
        ${e.likes} as likers, ${e.views} as viewers
      from ${e} where ${e.id} >= ${lo} and ${e.id} < ${hi} and ${e.status} = 'published' and ${e.hotScore} >= 0`;
  const since = sql`${at.toISOString()}::timestamptz - ${INTERVAL[period]}::interval`;
  const inChunk = (c: AnyColumn) => sql`${c} >= ${lo} and ${c} < ${hi}`;
  return sql`
    with ev as (
      select essay_id, sum(lw) as lw, sum(lk) as lk, sum(vw) as vw from (
        select ${likes.essayId}, sum(${likes.weight})::float8 as lw, count(*)::float8 as lk, 0::float8 as vw
          from ${likes} where ${inChunk(likes.essayId)} and ${likes.createdAt} >= ${since} group by 1
        union all select ${essayViews.essayId}, 0, 0, count(distinct ${essayViews.viewerKey})::float8
          from ${essayViews} where ${inChunk(essayViews.essayId)} and ${essayViews.hour} >= floor(extract(epoch from ${since}) / 3600) group by 1
        -- An imported text's dated engagement (the importer's history of its counters): established likes.
        union all select ${importedEngagement.essayId}, sum(${importedEngagement.likes})::float8, sum(${importedEngagement.likes})::float8,
            sum(${importedEngagement.views})::float8
          from ${importedEngagement} where ${inChunk(importedEngagement.essayId)} and ${importedEngagement.at} >= ${since} group by 1
      ) x group by essay_id having sum(lw) >= ${RANK_MIN_LIKES}
    )
    select ${e.id}, ${e.type}, ${e.classificationId}, ev.lw as engagement,
      ${rankScoreSql({ likeWeight: sql`ev.lw`, likes: sql`ev.lk`, views: sql`ev.vw` })}::float8 as score,
      ev.lk::int as likers, greatest(ev.vw, ev.lk)::int as viewers
    from ev join ${e} on ${e.id} = ${ev.essayId} where ${e.status} = 'published'`;
}

export type RankedRow = Omit<typeof rankingEntries.$inferInsert, 'period' | 'essayId'> & { id: number };

/**
 * A chunk's candidates: its texts that are among the first `depth` of some list (overall, per classification, per
 * type, per both) within the chunk. A text among the first `depth` of a list over the whole library is so within its
 * chunk too, and so is every text ranked above it: the chunks' candidates together hold every list's first `depth`.
 */
export function rankedChunk(db: Db, period: Period, at: Date, lo: number, hi: number, depth: number): Promise<RankedRow[]> {
  return rowsOf<RankedRow>(
    db,
    sql`select id, type, classification_id as "classificationId", engagement, score, likers, viewers from (
      select r.*,
        row_number() over (order by score desc, id desc) as in_all,
        row_number() over (partition by classification_id order by score desc, id desc) as in_class,
        row_number() over (partition by type order by score desc, id desc) as in_type,
        row_number() over (partition by classification_id, type order by score desc, id desc) as in_both
      from (${rankedSql(period, at, lo, hi)}) r
    ) x where least(in_all, in_class, in_type, in_both) <= ${depth}`,
  );
}

/** Swaps a period's lists for `rows`, in one transaction: readers see the old lists until it commits. */
export async function replaceRanking(db: Db, period: Period, rows: RankedRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(rankingEntries).where(sql`${rankingEntries.period} = ${period}`);
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(rankingEntries).values(rows.slice(i, i + 1000).map(({ id, ...r }) => ({ ...r, period, essayId: id })));
    return rows.length;
  });
}

type RankingEntry = typeof rankingEntries.$inferSelect;

/** A card with its place in the list: the entry's score (as `rankScore`), weighted likes, likers and viewers. */
export type RankingRow = CardRow & Pick<RankingEntry, 'engagement' | 'likers' | 'viewers'> & { rankScore: RankingEntry['score'] };

/** The list's entries (`ranking_entries r`) and the page's texts (`essays pe`). */
const r = names(alias(rankingEntries, 'r'));
const pe = names(alias(essays, 'pe'));

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
  // The lists are precomputed, but a text hidden, withdrawn or deleted since, or reported by several readers, leaves
  // them at once.
  const shown = sql`join ${pe} on ${pe.id} = ${r.essayId} and ${pe.status} = 'published' and ${underReportLimit(pe.id)}${
    viewerId ? sql` and ${notBlockedBy(viewerId, pe.authorId)} and ${notMutedBy(viewerId, pe)}` : sql``
  }`;
  const ids = sql`select id, row_number() over () as ord, score, engagement, likers, viewers from (
    select ${r.essayId} as id, ${r.score}, ${r.engagement}, ${r.likers}, ${r.viewers} from ${r} ${shown} where ${where}
    order by ${r.score} desc, ${r.essayId} desc limit ${limit} offset ${offset}) w`;
  // Entries of texts that stopped being published are deleted by a trigger (migration 0006), so the total counts the
  // small table and a probe of open reports per entry; the page still joins its few rows, for a text hidden while a
  // refresh was running.
  const counted = (from: SQL) =>
    sql`(select count(*) from (select 1 from ${from} where ${where} and ${underReportLimit(r.essayId)} limit ${TOTAL_CAP + 1}) capped)`;
  const plain = counted(sql`${r}`);
  const total = viewerId
    ? sql`(case when ${blocksAnyone(viewerId)} or ${mutesAnything(viewerId)} then ${counted(sql`${r} ${shown}`)} else ${plain} end)`
    : plain;
  const { score, engagement, likers, viewers } = rankingEntries;
  return cardPage<RankingRow>(db, ids, viewerId, {
    total,
    pageColumns: { rankScore: score, engagement, likers, viewers },
    prepared: true,
  });
}
