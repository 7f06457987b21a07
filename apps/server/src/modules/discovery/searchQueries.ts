/**
 * The SQL of text search: candidates through the GIN index, a relevance score over them, facets, the author card,
 * suggestions and the counts behind 热门搜索.
 *
 * Candidates are the hottest `window` texts matching every word (200 for the first pages, TOTAL_CAP for deeper ones),
 * plus the hottest FIELD_WINDOW whose title or author holds the words (so a famous title is never pushed out by
 * popular texts that merely mention it). Only those are scored: a query on a common word reads a few thousand rows
 * of the hot index, not the 20,000+ texts that have the word.
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { columnName, columnNames, names } from '../../db/names.js';
import { authors, classifications, essays, searchCounts, tags, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import { personCardColumns } from '../users/index.js';
import { notMutedBy } from '../mutes/index.js';
import { engagementSql } from '../../lib/engagement.js';
import { tsqueryOf, type ParsedQuery } from '../../lib/search.js';

const FIELD_WINDOW = 200;
/** The text a statement is about (`from essays e`). */
const e = names(alias(essays, 'e'));
/**
 * The title and author tokens of `e` (weights A and B), as indexed by essays_fields_search_idx: a match on them
 * reads only the few texts whose title or author has the words, instead of walking the hot index through every
 * text that merely mentions them. Its order is written `hot_score + 0` so the planner cannot choose that walk
 * anyway: it cannot estimate title-only matches and guesses 1% of the table.
 */
const FIELD_TOKENS = sql`ts_filter(${e.searchVector}, '{a,b}')`;

export interface SearchFilter {
  essayType?: 'sentence' | 'essay';
  classificationId?: number;
  dynasty?: string;
}

/** How a query is matched: every word, or (when that finds nothing) most of them. */
export type MatchMode = 'and' | 'or';

function whereOf(f: SearchFilter): SQL {
  const c: SQL[] = [sql`${e.status} = 'published'`];
  if (f.essayType) c.push(sql`${e.type} = ${f.essayType}`);
  if (f.classificationId) c.push(sql`${e.classificationId} = ${f.classificationId}`);
  if (f.dynasty) c.push(sql`${e.dynasty} = ${f.dynasty}`);
  return sql.join(c, sql` and `);
}

/** How many of the query's words the text has. */
const wordsMatched = (p: ParsedQuery) =>
  sql`(${sql.join(
    p.words.map((w) => sql`(${e.searchVector} @@ to_tsquery('simple', ${`'${w}'`}))::int`),
    sql` + `,
  )})`;

/** `e` matches the query: every word (`and`), or enough of them (`or`, see tsqueryOf). */
function matchSql(p: ParsedQuery, mode: MatchMode, weights = ''): SQL | null {
  const q = tsqueryOf(p, mode, weights);
  return q ? sql`${e.searchVector} @@ ${q}` : null;
}

function candidatesSql(p: ParsedQuery, mode: MatchMode, f: SearchFilter, window: number): SQL | null {
  const match = matchSql(p, mode);
  if (!match) return null;
  const fields = tsqueryOf(p, mode, 'AB')!;
  const where = whereOf(f);
  return sql`(select ${e.id} from ${e} where ${where} and ${match} order by ${e.hotScore} desc limit ${window})
    union
    (select ${e.id} from ${e} where ${where} and ${FIELD_TOKENS} @@ ${fields} order by ${e.hotScore} + 0 desc limit ${FIELD_WINDOW})`;
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
      sql`case when ${e.title} in ${inList(segs)} or split_part(${e.title}, '·', 1) in ${inList(segs)} or ${e.workTitle} in ${inList(segs)} then 60 else 0 end`,
      sql`case when ${e.workAuthor} in ${inList(segs)} then 40 else 0 end`,
    );
  if (p.pinyin) {
    parts.push(
      sql`case when ${e.searchVector} @@ to_tsquery('simple', ${`'${p.pinyin}':A`}) then 60 else 0 end`,
      sql`case when ${e.searchVector} @@ to_tsquery('simple', ${`'${p.pinyin}':B`}) then 40 else 0 end`,
    );
  }
  const long = segs.filter((s) => s.length >= 4);
  if (long.length)
    parts.push(
      sql`50.0 * (${sql.join(
        long.map((s) => sql`(strpos(${e.content}, ${s}) > 0)::int`),
        sql` + `,
      )}) / ${long.length}`,
    );
  const inTitle = tsqueryOf(p, 'and', 'A');
  const inFields = tsqueryOf(p, 'and', 'AB');
  if (inTitle) parts.push(sql`case when ${e.searchVector} @@ ${inTitle} then 30 else 0 end`);
  if (inFields) parts.push(sql`case when ${e.searchVector} @@ ${inFields} then 10 else 0 end`);
  if (mode === 'or' && p.typoPatterns.length)
    parts.push(
      sql`case when ${sql.join(
        p.typoPatterns.map((pat) => sql`${e.content} like ${pat}`),
        sql` or `,
      )} then 50 else 0 end`,
    );
  if (mode === 'or' && p.words.length > 1) parts.push(sql`30.0 * ${wordsMatched(p)} / ${p.words.length}`);
  parts.push(sql`least(9.5, 1.5 * log(${engagementSql(e)}::float8 + 1))`);
  return sql.join(parts, sql` + `);
}

/** Counted up to TOTAL_CAP + 1 rows (shown as "1000+"). */
export async function totalOf(db: Db, p: ParsedQuery, mode: MatchMode, f: SearchFilter): Promise<number> {
  const match = matchSql(p, mode);
  if (!match) return 0;
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${e} where ${whereOf(f)} and ${match} limit ${TOTAL_CAP + 1}) capped`,
  );
  return Number(r?.n ?? 0);
}

/** A scored candidate, with what facets and per-viewer filters need. */
export type Candidate = Pick<typeof essays.$inferSelect, 'id' | 'authorId' | 'type' | 'classificationId' | 'dynasty'>;

/** The candidates' ids (`(…) c`): a column of essays, so named as essays names it. */
const c = names(alias(essays, 'c'));

/** Every candidate of the query, best first (one statement): the whole ranked result a page is sliced from. */
export async function rankedCandidates(db: Db, p: ParsedQuery, mode: MatchMode, f: SearchFilter, window: number): Promise<Candidate[]> {
  const cand = candidatesSql(p, mode, f, window);
  if (!cand) return [];
  const rows = await rowsOf<Candidate & { score: number }>(
    db,
    sql`select ${e.id}, ${e.authorId} as "authorId", ${e.type}, ${e.classificationId} as "classificationId", ${e.dynasty}, ${scoreSql(p, mode)} as score
      from (${cand}) c join ${e} on ${e.id} = ${c.id}
      order by score desc, ${e.hotScore} desc, ${e.id} desc`,
  );
  return rows.map((r) => ({ id: r.id, authorId: r.authorId, type: r.type, classificationId: r.classificationId, dynasty: r.dynasty }));
}

/** Names of the classifications (facet labels). */
export async function classificationNames(db: Db): Promise<Map<number, string>> {
  // The text as written: search.test makes exactly this statement fail once.
  const rows = await rowsOf<Pick<typeof classifications.$inferSelect, 'id' | 'name'>>(db, sql`select id, name from ${classifications}`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Every author some published text cites: name, era, number of texts (the suggestion and card index), from the
 * table the triggers of migration 0012 keep, so no request groups the whole corpus.
 */
export async function authorRows(db: Db): Promise<(typeof authors.$inferSelect)[]> {
  return rowsOf(db, sql`select ${authors.name}, ${authors.dynasty}, ${authors.works} from ${authors} where ${authors.works} > 0`);
}

/** An author's most popular texts (essays_work_author_idx's order: no sort of all their texts). */
export async function topWorks(db: Db, author: string, n: number): Promise<Pick<typeof essays.$inferSelect, 'id' | 'title' | 'summary'>[]> {
  return rowsOf(
    db,
    sql`select ${e.id}, ${e.title}, ${e.summary} from ${e} where ${e.workAuthor} = ${author} and ${e.status} = 'published'
      order by ${engagementSql(e)} desc, ${e.id} desc limit ${n}`,
  );
}

/** Texts whose title starts with the prefix (a word or pinyin), hottest first: 作品 suggestions. */
/** Titles starting with the prefix, hottest first; a signed-in reader's muted texts left out (`viewerId`). */
export async function titleSuggestions(db: Db, prefix: string, n: number, viewerId?: number) {
  return rowsOf<{ id: number; title: string; author: string | null }>(
    db,
    sql`select ${essays.id}, ${essays.title}, ${essays.workAuthor} as author from ${essays}
      where ${essays.status} = 'published' and ${essays.title} is not null and ${essays.searchVector} @@ to_tsquery('simple', ${`'${prefix}':*A`})
      ${viewerId ? sql`and ${notMutedBy(viewerId, essays)}` : sql``}
      order by ${essays.hotScore} desc limit ${n}`,
  );
}

/** Adds counted searches (one statement, however many queries). */
export async function addSearchCounts(db: Db, counts: Map<string, number>) {
  if (!counts.size) return;
  const values = sql.join(
    [...counts].map(([q, n]) => sql`(${q}, ${n}, now())`),
    sql`, `,
  );
  const count = columnName(searchCounts.count);
  await db.execute(sql`insert into ${searchCounts} (${columnNames(searchCounts.query, searchCounts.count, searchCounts.updatedAt)}) values ${values}
    on conflict (${columnName(searchCounts.query)}) do update set ${count} = ${searchCounts.count} + excluded.${count}, ${columnName(searchCounts.updatedAt)} = now()`);
}

export async function hotQueries(db: Db, n: number): Promise<{ query: string; count: number }[]> {
  return rowsOf(
    db,
    sql`select ${searchCounts.query}, ${searchCounts.count} from ${searchCounts} order by ${searchCounts.count} desc, ${searchCounts.query} limit ${n}`,
  );
}

/** Counted queries sharing a character with this one, most searched first (for a search that found nothing). */
export async function similarQueries(db: Db, q: string, n: number): Promise<string[]> {
  const chars = [...new Set(Array.from(q.replace(/\s/g, '')))].slice(0, 4);
  if (!chars.length) return [];
  const rows = await rowsOf<{ query: string }>(
    db,
    sql`select ${searchCounts.query} from ${searchCounts} where ${searchCounts.query} <> ${q} and (${sql.join(
      chars.map((ch) => sql`strpos(${searchCounts.query}, ${ch}) > 0`),
      sql` or `,
    )}) order by ${searchCounts.count} desc limit ${n}`,
  );
  return rows.map((r) => r.query);
}

const tagColumns = { id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter, essayCount: tags.essayCount };

/** Every tag, most used first (the pinyin index is built from it). */
export function allTags(db: Db) {
  return db.select(tagColumns).from(tags).orderBy(desc(tags.essayCount), desc(tags.id));
}

/** Active people whose nickname or username matches one of the patterns, most followed first. */
export function usersNamed(db: Db, patterns: string[], limit: number, offset: number) {
  const where = and(eq(users.status, 'active'), or(...patterns.flatMap((l) => [ilike(users.nickname, l), ilike(users.username, l)])));
  return withTotal(
    db.select(personCardColumns).from(users).where(where).orderBy(desc(users.followerCount), desc(users.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(users).where(where).$dynamic()),
  );
}

/** Tags whose name matches one of the patterns, or among `ids`, most used first. */
export function tagsNamed(db: Db, patterns: string[], ids: number[], limit: number, offset: number) {
  const where = or(...patterns.map((l) => ilike(tags.name, l)), ...(ids.length ? [inArray(tags.id, ids)] : []));
  return withTotal(
    db.select(tagColumns).from(tags).where(where).orderBy(desc(tags.essayCount), desc(tags.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(tags).where(where).$dynamic()),
  );
}
