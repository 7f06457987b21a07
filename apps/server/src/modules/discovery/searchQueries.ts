/**
 * The SQL of text search: candidates through the GIN index, a relevance score over them, facets, the author card,
 * suggestions and the counts behind 热门搜索.
 *
 * Candidates are the hottest TOTAL_CAP texts matching every word, plus the hottest FIELD_WINDOW whose title or
 * author holds the words (so a famous title is never pushed out by popular texts that merely mention it). Only
 * those are scored, which keeps a query on a common word to one index lookup, a top-N sort and ~1,200 scores.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { classifications, essays, searchCounts } from '../../db/schema.js';
import { engagementSql } from '../../lib/engagement.js';
import { tsqueryOf, type ParsedQuery } from '../../lib/search.js';
import { cardsSql, type CardRow } from '../essays/queries.js';

const FIELD_WINDOW = 200;

export interface SearchFilter {
  essayType?: 'sentence' | 'essay';
  classificationId?: number;
  dynasty?: string;
}

/** How a query is matched: every word, or (when that finds nothing) most of them. */
export type MatchMode = 'and' | 'or';

function whereOf(f: SearchFilter): SQL {
  const c: SQL[] = [sql`e.status = 'published'`];
  if (f.essayType) c.push(sql`e.type = ${f.essayType}`);
  if (f.classificationId) c.push(sql`e.classification_id = ${f.classificationId}`);
  if (f.dynasty) c.push(sql`e.dynasty = ${f.dynasty}`);
  return sql.join(c, sql` and `);
}

/** How many of the query's words the text has. */
const wordsMatched = (p: ParsedQuery) =>
  sql`(${sql.join(
    p.words.map((w) => sql`(e.search_vector @@ to_tsquery('simple', ${`'${w}'`}))::int`),
    sql` + `,
  )})`;

/** `e` matches the query: every word (`and`), or enough of them (`or`, see tsqueryOf). */
function matchSql(p: ParsedQuery, mode: MatchMode, weights = ''): SQL | null {
  const q = tsqueryOf(p, mode, weights);
  return q ? sql`e.search_vector @@ ${q}` : null;
}

function candidatesSql(p: ParsedQuery, mode: MatchMode, f: SearchFilter): SQL | null {
  const match = matchSql(p, mode);
  if (!match) return null;
  const fields = matchSql(p, mode, 'AB')!;
  const where = whereOf(f);
  return sql`(select e.id from ${essays} e where ${where} and ${match} order by e.hot_score desc limit ${TOTAL_CAP})
    union
    (select e.id from ${essays} e where ${where} and ${fields} order by e.hot_score desc limit ${FIELD_WINDOW})`;
}

const inList = (xs: (string | number)[]) =>
  sql`(${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )})`;

/**
 * Relevance of a candidate `e`, in tiers ten points apart so popularity (at most 9.5, log-scaled engagement) only
 * orders texts within a tier:
 * - 60: a segment of the query is the title (or the part before ·, or the cited work), or a pinyin query is the
 *   title's pinyin or initials;
 * - 50 × share of the query's long segments (4+ characters) found verbatim in the text: the exact phrase;
 * - 40: a segment is the author, or a pinyin query is the author's pinyin or initials;
 * - 30: every word is in the title; 10: every word is in the title or the author's name;
 * - with `or` matching: 50 when the text has the line with one character changed, and 30 × the share of the
 *   query's words it has.
 */
function scoreSql(p: ParsedQuery, mode: MatchMode): SQL {
  const parts: SQL[] = [];
  const segs = p.segments.filter((s) => s.length <= 100);
  if (segs.length)
    parts.push(
      sql`case when e.title in ${inList(segs)} or split_part(e.title, '·', 1) in ${inList(segs)} or e.work_title in ${inList(segs)} then 60 else 0 end`,
      sql`case when e.work_author in ${inList(segs)} then 40 else 0 end`,
    );
  if (p.pinyin) {
    parts.push(
      sql`case when e.search_vector @@ to_tsquery('simple', ${`'${p.pinyin}':A`}) then 60 else 0 end`,
      sql`case when e.search_vector @@ to_tsquery('simple', ${`'${p.pinyin}':B`}) then 40 else 0 end`,
    );
  }
  const long = segs.filter((s) => s.length >= 4);
  if (long.length)
    parts.push(
      sql`50.0 * (${sql.join(
        long.map((s) => sql`(strpos(e.content, ${s}) > 0)::int`),
        sql` + `,
      )}) / ${long.length}`,
    );
  const inTitle = tsqueryOf(p, 'and', 'A');
  const inFields = tsqueryOf(p, 'and', 'AB');
  if (inTitle) parts.push(sql`case when e.search_vector @@ ${inTitle} then 30 else 0 end`);
  if (inFields) parts.push(sql`case when e.search_vector @@ ${inFields} then 10 else 0 end`);
  if (mode === 'or' && p.typoPatterns.length)
    parts.push(
      sql`case when ${sql.join(
        p.typoPatterns.map((pat) => sql`e.content like ${pat}`),
        sql` or `,
      )} then 50 else 0 end`,
    );
  if (mode === 'or' && p.words.length > 1) parts.push(sql`30.0 * ${wordsMatched(p)} / ${p.words.length}`);
  parts.push(sql`least(9.5, 1.5 * log(${engagementSql('e')}::float8 + 1))`);
  return sql.join(parts, sql` + `);
}

/** Counted up to TOTAL_CAP + 1 rows (shown as "1000+"). */
function totalSql(p: ParsedQuery, mode: MatchMode, f: SearchFilter): SQL {
  return sql`(select count(*) from (select 1 from ${essays} e where ${whereOf(f)} and ${matchSql(p, mode)} limit ${TOTAL_CAP + 1}) capped)`;
}

/** A page of results as cards, best first, with the capped total on every row (one statement). */
export async function rankedPage(
  db: Db,
  p: ParsedQuery,
  mode: MatchMode,
  f: SearchFilter,
  limit: number,
  offset: number,
  viewerId?: number,
): Promise<{ rows: CardRow[]; total: number }> {
  const cand = candidatesSql(p, mode, f);
  if (!cand) return { rows: [], total: 0 };
  const ids = sql`select id, ord from (
      select s.id, row_number() over (order by s.score desc, s.hot_score desc, s.id desc) as ord
      from (select e.id, e.hot_score, ${scoreSql(p, mode)} as score from (${cand}) c join ${essays} e on e.id = c.id) s
    ) r order by ord limit ${limit} offset ${offset}`;
  const rows = await rowsOf<CardRow>(db, cardsSql(ids, viewerId, { total: totalSql(p, mode, f) }), true);
  return { rows: rows.filter((r) => r.id !== null), total: Number(rows[0]?.total ?? 0) };
}

export interface FacetRow {
  facet: 'type' | 'classification' | 'dynasty';
  value: string;
  name: string;
  n: number;
}

/** Counts by type, classification and era over the candidates (without the facet filters). */
export async function facetRows(db: Db, p: ParsedQuery, mode: MatchMode): Promise<FacetRow[]> {
  const cand = candidatesSql(p, mode, {});
  if (!cand) return [];
  return rowsOf<FacetRow>(
    db,
    sql`with m as (select e.type, e.classification_id, e.dynasty from (${cand}) c join ${essays} e on e.id = c.id)
      select 'type' as facet, type as value, type as name, count(*)::int as n from m group by type
      union all
      select 'classification', m.classification_id::text, cl.name, count(*)::int from m join ${classifications} cl on cl.id = m.classification_id
        group by m.classification_id, cl.name
      union all
      select 'dynasty', dynasty, dynasty, count(*)::int from m where dynasty is not null group by dynasty
      order by 1, 4 desc, 2`,
  );
}

/** Every author with published texts: name, era, number of texts (the suggestion and card index). */
export async function authorRows(db: Db): Promise<{ name: string; dynasty: string | null; works: number }[]> {
  return rowsOf(
    db,
    sql`select work_author as name, max(dynasty) as dynasty, count(*)::int as works from ${essays}
      where status = 'published' and work_author is not null group by work_author`,
  );
}

/** An author's most-read texts. */
export async function topWorks(db: Db, author: string, n: number): Promise<{ id: number; title: string | null; summary: string }[]> {
  return rowsOf(
    db,
    sql`select id, title, summary from ${essays} where work_author = ${author} and status = 'published'
      order by views desc, id desc limit ${n}`,
  );
}

/** Texts whose title starts with the prefix (a word or pinyin), hottest first: 作品 suggestions. */
export async function titleSuggestions(db: Db, prefix: string, n: number) {
  return rowsOf<{ id: number; title: string; author: string | null }>(
    db,
    sql`select id, title, work_author as author from ${essays}
      where status = 'published' and title is not null and search_vector @@ to_tsquery('simple', ${`'${prefix}':*A`})
      order by hot_score desc limit ${n}`,
  );
}

/** Bodies of these long texts, to centre their snippets on the match. */
export async function contents(db: Db, ids: number[]): Promise<{ id: number; content: string }[]> {
  if (!ids.length) return [];
  return rowsOf(db, sql`select id, content from ${essays} where id in ${inList(ids)}`);
}

/** Adds counted searches (one statement, however many queries). */
export async function addSearchCounts(db: Db, counts: Map<string, number>) {
  if (!counts.size) return;
  const values = sql.join(
    [...counts].map(([q, n]) => sql`(${q}, ${n}, now())`),
    sql`, `,
  );
  await db.execute(sql`insert into ${searchCounts} (query, count, updated_at) values ${values}
    on conflict (query) do update set count = ${searchCounts}.count + excluded.count, updated_at = now()`);
}

export async function hotQueries(db: Db, n: number): Promise<{ query: string; count: number }[]> {
  return rowsOf(db, sql`select query, count from ${searchCounts} order by count desc, query limit ${n}`);
}

/** Counted queries sharing a character with this one, most searched first (for a search that found nothing). */
export async function similarQueries(db: Db, q: string, n: number): Promise<string[]> {
  const chars = [...new Set(Array.from(q.replace(/\s/g, '')))].slice(0, 4);
  if (!chars.length) return [];
  const rows = await rowsOf<{ query: string }>(
    db,
    sql`select query from ${searchCounts} where query <> ${q} and (${sql.join(
      chars.map((c) => sql`strpos(query, ${c}) > 0`),
      sql` or `,
    )}) order by count desc limit ${n}`,
  );
  return rows.map((r) => r.query);
}
