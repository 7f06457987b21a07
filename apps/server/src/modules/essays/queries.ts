import { and, asc, desc, eq, inArray, ne, sql, type AnyColumn, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { imitationKeyOf, REPORTS_TO_LEAVE_LISTS, TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db, type Exec, type Tx } from '../../db/client.js';
import { columnName, frozen, names } from '../../db/names.js';
import {
  blocks,
  classifications,
  collects,
  essays,
  essayTags,
  essayViews,
  follows,
  likes,
  reports,
  tags,
  uninterested,
  users,
} from '../../db/schema.js';
import { hotScoreSql, imitationKeySql, likeWeightSql } from '../../lib/engagement.js';
import { cappedTotal, exactTotal } from '../../lib/paging.js';
import { searchQueryOf } from '../../lib/search.js';
import { blocksAnyone, moveUserCounter, notBlockedBy } from '../users/index.js';

export type EssayRow = typeof essays.$inferSelect;

export interface ListFilter {
  classificationId?: number;
  tagId?: number;
  type?: 'sentence' | 'essay';
  keyword?: string;
  authorId?: number;
  /** `visible`: every status but deleted (the author's own list). */
  status?: EssayRow['status'] | 'visible';
  imitateOf?: number;
  /** Hide what this viewer marked 不感兴趣 and the texts of people they blocked (and show their flags). */
  viewerId?: number;
  /** Show this viewer's flags and hide the texts of people they blocked, keeping what they marked 不感兴趣. */
  flagsFor?: number;
  /** The viewer blocked nobody (read with the session): no block filter, so the walk needs no author column. */
  viewerBlocksNobody?: boolean;
  /** A further condition on `essays` (the interest feed's tags). */
  extra?: SQL;
  sort: 'new' | 'hot' | 'likes' | 'comments' | 'created' | 'imitations';
}

/** Sorts that rank (最热, /imitative): only texts that qualify enter, and not while under reports. */
export const isRanked = (sort: ListFilter['sort']) => sort === 'hot' || sort === 'imitations';

/** Where a page ended: the sort key and id of its last row. */
export interface Cursor {
  k: string | number;
  id: number;
}

function sortKey(sort: ListFilter['sort']) {
  switch (sort) {
    case 'hot':
      return essays.hotScore;
    case 'imitations':
      return imitationKeySql(essays);
    case 'likes':
      return essays.likes;
    case 'comments':
      return essays.comments;
    case 'created':
      return essays.createdAt;
    default:
      return essays.publishedAt;
  }
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

/**
 * A cursor as this server wrote it for this sort, or null: anything hand-made (a string key on a numeric
 * sort, a number on a time sort, ids outside int4, non-finite numbers) is refused here rather than in SQL.
 */
export function decodeCursor(raw: string, sort: ListFilter['sort']): Cursor | null {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [k, id] = v as unknown[];
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647) return null;
  const timeSort = sort === 'new' || sort === 'created';
  if (timeSort && (typeof k !== 'string' || Number.isNaN(Date.parse(k)))) return null;
  if (!timeSort && (typeof k !== 'number' || !Number.isFinite(k) || Math.abs(k) > 1e15)) return null;
  return { k: k as string | number, id: id as number };
}

/** The text is not one this viewer marked 不感兴趣. */
const notMarkedBy = (viewerId: number, essayId: SQL | typeof essays.id | typeof essayTags.essayId) =>
  sql`not exists (select 1 from ${uninterested} where ${uninterested.userId} = ${viewerId} and ${uninterested.essayId} = ${essayId})`;

const rp = names(alias(reports, 'rp'));

/**
 * The text has fewer than REPORTS_TO_LEAVE_LISTS open reports: a key probe of the reports index, stopping at that
 * many. Ranked lists (rankings, 最热, /imitative) check it on every read, so a reported text leaves them at once.
 */
export const underReportLimit = (essayId: SQL | AnyColumn) =>
  sql`(select count(*) from (select 1 from ${rp} where ${rp.targetType} = 'essay' and ${rp.targetId} = ${essayId}
    and ${rp.status} = 'open' limit ${REPORTS_TO_LEAVE_LISTS}) open_reports) < ${REPORTS_TO_LEAVE_LISTS}`;

/** What a ranked sort asks of a text beyond the filter: a qualifying key (RANK_MIN_LIKES, see the contract), few reports. */
function rankedConditions(f: ListFilter, key: SQL | AnyColumn, id: SQL | AnyColumn): SQL[] {
  return isRanked(f.sort) ? [sql`${key} >= 0`, underReportLimit(id)] : [];
}

function conditions(f: ListFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [f.status === 'visible' ? ne(essays.status, 'deleted') : eq(essays.status, f.status ?? 'published')];
  if (f.classificationId) c.push(eq(essays.classificationId, f.classificationId));
  if (f.type) c.push(eq(essays.type, f.type));
  if (f.authorId) c.push(eq(essays.authorId, f.authorId));
  if (f.imitateOf) c.push(eq(essays.imitateOf, f.imitateOf));
  if (f.tagId)
    c.push(sql`exists (select 1 from ${essayTags} where ${essayTags.essayId} = ${essays.id} and ${essayTags.tagId} = ${f.tagId})`);
  if (f.keyword) c.push(keywordMatch(f.keyword));
  if (f.extra) c.push(f.extra);
  if (f.viewerId) c.push(notMarkedBy(f.viewerId, essays.id));
  c.push(...rankedConditions(f, sortKey(f.sort), essays.id));
  const blocker = f.viewerId ?? f.flagsFor;
  if (blocker && !f.viewerBlocksNobody) c.push(notBlockedBy(blocker, essays.authorId));
  return and(...c);
}

/**
 * The words of the query through the GIN index. OR-ing a `title ILIKE '%q%'` into it makes the planner walk the
 * whole hot index, so the title pattern is only the fallback for queries without a word jieba can cut.
 */
export function keywordMatch(keyword: string): SQL {
  const q = searchQueryOf(keyword);
  if (q) return sql`${essays.searchVector} @@ ${q}`;
  return sql`${essays.title} ilike ${`%${keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`}`;
}

// A list total's names: he a text the viewer hides, marked their 不感兴趣 marks, b their blocks, het its tags.
const he = names(alias(essays, 'he'));
const marked = names(alias(uninterested, 'u'));
const b = names(alias(blocks, 'b'));
const het = names(alias(essayTags, 'het'));

/**
 * The total of a list, inside the page's own statement. A classification or tag alone has a maintained counter
 * (exact, less what this viewer marked 不感兴趣); anything else is counted up to TOTAL_CAP + 1 rows, so no request
 * counts the table.
 */
function totalSql(f: ListFilter, shared?: number): { sql: SQL; exact: boolean } {
  const onlyOne =
    !isRanked(f.sort) && !f.type && !f.keyword && !f.authorId && !f.imitateOf && !f.extra && (f.status ?? 'published') === 'published';
  // Less what this viewer hides: texts marked 不感兴趣, and texts of people they blocked (not counted twice). The
  // blocked part runs only for a viewer who blocked someone: most never do, and its plan is costly to start.
  const hidden = (match: SQL) =>
    f.viewerId
      ? sql` - (select count(*) from ${marked} join ${he} on ${he.id} = ${marked.essayId}
          where ${marked.userId} = ${f.viewerId} and ${he.status} = 'published' and ${match})
          - (case when ${f.viewerBlocksNobody ? sql`false` : blocksAnyone(f.viewerId)} then (
            select count(*) from ${b} join ${he} on ${he.authorId} = ${b.blockedId}
            where ${b.blockerId} = ${f.viewerId} and ${he.status} = 'published' and ${match}
              and not exists (select 1 from ${marked} where ${marked.userId} = ${f.viewerId} and ${marked.essayId} = ${he.id})
          ) else 0 end)`
      : sql``;
  if (onlyOne && f.classificationId && !f.tagId)
    return {
      exact: true,
      sql: sql`((select ${classifications.essayCount} from ${classifications} where ${classifications.id} = ${f.classificationId})${hidden(
        sql`${he.classificationId} = ${f.classificationId}`,
      )})`,
    };
  if (onlyOne && f.tagId && !f.classificationId)
    return {
      exact: true,
      sql: sql`((select ${tags.essayCount} from ${tags} where ${tags.id} = ${f.tagId})${hidden(
        sql`exists (select 1 from ${het} where ${het.essayId} = ${he.id} and ${het.tagId} = ${f.tagId})`,
      )})`,
    };
  // A broad list is "1000+" for every reader; a narrow one is counted for this viewer (at most TOTAL_CAP + 1 rows).
  if (shared !== undefined && (shared > TOTAL_CAP || !f.viewerId)) return { exact: false, sql: sql`${shared}::int` };
  const src = source(f);
  return { exact: false, sql: sql`(select count(*) from (select 1 from ${src.from} where ${src.where} limit ${TOTAL_CAP + 1}) capped)` };
}

/** Whether a list's total comes from a maintained counter (a classification or a tag alone). */
export const hasCounter = (f: ListFilter) => totalSql(f).exact;

/** The total every reader of a published list shares, counted up to TOTAL_CAP + 1 (no viewer's marks applied). */
export async function sharedTotalOf(db: Db, f: ListFilter): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db, sql`select ${totalSql({ ...f, viewerId: undefined }).sql}::int as n`);
  return Number(r?.n ?? 0);
}

/** A tag's sort keys copied onto essay_tags (see the schema): the sorts a tag's list can walk in order. */
function tagKey(sort: ListFilter['sort']) {
  switch (sort) {
    case 'new':
      return essayTags.publishedAt;
    case 'hot':
      return essayTags.hotScore;
    case 'likes':
      return essayTags.likes;
    case 'comments':
    case 'created':
    case 'imitations':
      return null;
  }
}

/**
 * Where a list's rows come from. A published list under a tag walks that tag's entries in essay_tags in the list's
 * order (probing the corpus's index for the tag's texts cost a lookup per text passed: 33k for page 33 of a tag of
 * 16k); anything else walks the essays index of its sort.
 */
function source(f: ListFilter) {
  const key = f.tagId && (f.status ?? 'published') === 'published' ? tagKey(f.sort) : null;
  // The copies are set only while a text is published, so a tag's list with nothing else to check walks the tag's
  // index alone: joining essays for the status cost a row lookup per entry passed (370 for page 37 of a tag).
  const tagAlone =
    !f.classificationId &&
    !f.type &&
    !f.keyword &&
    !f.authorId &&
    !f.imitateOf &&
    !f.extra &&
    (!(f.viewerId ?? f.flagsFor) || f.viewerBlocksNobody);
  if (f.tagId && key && tagAlone)
    return {
      from: sql`${essayTags}`,
      where: and(
        eq(essayTags.tagId, f.tagId),
        sql`${key} is not null`,
        f.viewerId ? notMarkedBy(f.viewerId, essayTags.essayId) : undefined,
        ...rankedConditions(f, key, essayTags.essayId),
      )!,
      key,
      id: essayTags.essayId,
    };
  if (f.tagId && key)
    return {
      from: sql`${essayTags} join ${essays} on ${essays.id} = ${essayTags.essayId}`,
      where: and(eq(essayTags.tagId, f.tagId), sql`${key} is not null`, conditions({ ...f, tagId: undefined }))!,
      key,
      id: essayTags.essayId,
    };
  return { from: sql`${essays}`, where: conditions(f)!, key: sortKey(f.sort), id: essays.id };
}

type UserRow = typeof users.$inferSelect;

/** Rows of a page of cards (see cardPage); `total` is on every row, and on the one empty row of an empty page. */
export interface CardRow extends Pick<
  EssayRow,
  'type' | 'title' | 'summary' | 'source' | 'cover' | 'status' | 'views' | 'likes' | 'collects' | 'comments' | 'imitations'
> {
  total: number | null;
  id: EssayRow['id'] | null;
  work_author: EssayRow['workAuthor'];
  work_title: EssayRow['workTitle'];
  dynasty: EssayRow['dynasty'];
  original: EssayRow['original'];
  imported: boolean;
  posted_by_editor: boolean;
  status_reason: EssayRow['statusReason'];
  classification_id: EssayRow['classificationId'];
  author_id: EssayRow['authorId'];
  imitate_of: EssayRow['imitateOf'];
  hot_score: EssayRow['hotScore'];
  /** Times are a Date from PGlite, text from node-postgres. */
  created_at: Date | string;
  published_at: Date | string | null;
  author_nickname: UserRow['nickname'];
  author_avatar: UserRow['avatar'];
  tags: Pick<typeof tags.$inferSelect, 'id' | 'name' | 'parentId' | 'letter'>[];
  liked: boolean;
  collected: boolean;
}

export interface DetailsRow extends CardRow {
  content: EssayRow['content'];
  provenance: EssayRow['provenance'];
  citation: EssayRow['citation'];
  attribution_status: EssayRow['attributionStatus'];
  original_title: EssayRow['originalTitle'];
  original_content: EssayRow['originalContent'];
  author_bio: UserRow['bio'];
  classification_name: (typeof classifications.$inferSelect)['name'] | null;
  following: boolean;
}

// cardsSql's names: e the texts, u their authors, c their classifications, et and t their tags, fo the viewer's follow.
const e = names(alias(essays, 'e'));
const u = names(alias(users, 'u'));
const c = names(alias(classifications, 'c'));
const et = names(alias(essayTags, 'et'));
const t = names(alias(tags, 't'));
const fo = names(alias(follows, 'fo'));
/** The viewer's like or collect of a text. */
const liked = names(alias(likes, 'f'));
const collected = names(alias(collects, 'f'));
/** The CTE `page` (id, ord, and whatever `pageColumns` reads), named by the table whose ids it carries. */
const p = names(alias(essays, 'p'));

/** Columns of the page statement passed along on each card, by the key they take there (see cardPage). */
export type PageColumns = Record<string, Column>;

const pageColumnsSql = (columns: PageColumns) =>
  sql.join(Object.entries(columns).map(([key, column]) => sql`, p.${columnName(column)} as ${sql.identifier(key)}`));

/**
 * Texts as cards in one statement: `ids` yields `(id, ord)`; each text comes with its author, its tags and the
 * viewer's flags (and with `details`, its content, the author's bio, its classification and whether the viewer
 * follows the author; `pageColumns` adds columns of `ids` itself). One round trip, not one per part.
 */
function cardsSql(
  ids: SQL,
  viewerId: number | undefined,
  opts: { total?: SQL; details?: boolean; essayBody?: boolean; pageColumns?: PageColumns } = {},
): SQL {
  const flag = (f: typeof liked | typeof collected) =>
    viewerId ? sql`exists (select 1 from ${f} where ${f.userId} = ${viewerId} and ${f.essayId} = ${e.id})` : sql`false`;
  const details = opts.details
    ? sql`, ${e.content}, ${e.provenance}, ${e.citation}, ${e.attributionStatus}, ${e.originalTitle}, ${e.originalContent}, ${u.bio} as author_bio, ${c.name} as classification_name,
        ${viewerId ? sql`exists (select 1 from ${fo} where ${fo.followerId} = ${viewerId} and ${fo.followeeId} = ${e.authorId})` : sql`false`} as following`
    : sql``;
  return sql`with page as (${ids})
    select ${opts.total ?? sql`null`}::int as total, ${CARD_COLUMNS},
      ${flag(liked)} as liked, ${flag(collected)} as collected${details}${opts.essayBody ? ESSAY_BODY : sql``}${opts.pageColumns ? pageColumnsSql(opts.pageColumns) : sql``}
    ${opts.details ? DETAILS_FROM : CARD_FROM}
    order by p.ord`;
}

// The parts of every card statement that hold no values, rendered once (cards are the hottest statement).
const CARD_COLUMNS =
  frozen(sql`${e.id}, ${e.type}, ${e.title}, ${e.summary}, ${e.source}, ${e.workAuthor}, ${e.workTitle}, ${e.dynasty}, ${e.original},
      ${e.importKey} is not null as imported, (${e.importKey} is not null or ${u.role} = 'admin') as posted_by_editor, ${e.cover}, ${e.status}, ${e.statusReason},
      ${e.classificationId}, ${e.authorId}, ${e.imitateOf}, ${e.views}, ${e.likes}, ${e.collects}, ${e.comments}, ${e.imitations}, ${e.hotScore},
      ${e.createdAt}, ${e.publishedAt}, ${u.nickname} as author_nickname, ${u.avatar} as author_avatar,
      coalesce((select json_agg(json_build_object('id', ${t.id}, 'name', ${t.name}, 'parentId', ${t.parentId}, 'letter', ${t.letter})
        order by ${t.parentId} nulls first, ${t.id}) from ${et} join ${t} on ${t.id} = ${et.tagId} where ${et.essayId} = ${e.id}), '[]'::json) as tags`);
const CARD_JOINS = sql`from (select 1) one
    left join page p on true
    left join ${e} on ${e.id} = ${p.id}
    left join ${u} on ${u.id} = ${e.authorId}`;
const CARD_FROM = frozen(CARD_JOINS);
/** The body of a long text beside its card (a search result centres its snippet on the match). */
const ESSAY_BODY = frozen(sql`, case when ${e.type} = 'essay' then ${e.content} end as content`);
const DETAILS_FROM = frozen(sql`${CARD_JOINS}
    left join ${c} on ${c.id} = ${e.classificationId}`);

/** An int[] literal of `ids`. */
const intArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

const byIds = (ids: number[]) => sql`select id, ord from unnest(${intArray(ids)}) with ordinality as x(id, ord)`;

/**
 * Cards of these texts, in this order (missing ids are skipped); `essayBody`: with a long text's body as `content`
 * (null for a sentence), for a search result's snippet.
 */
export async function cardsOf(db: Db, ids: number[], viewerId?: number): Promise<CardRow[]>;
export async function cardsOf(
  db: Db,
  ids: number[],
  viewerId: number | undefined,
  opts: { essayBody: true },
): Promise<(CardRow & { content: string | null })[]>;
export async function cardsOf(db: Db, ids: number[], viewerId?: number, opts: { essayBody?: boolean } = {}): Promise<CardRow[]> {
  if (!ids.length) return [];
  return (await rowsOf<CardRow>(db, cardsSql(byIds(ids), viewerId, opts), true)).filter((r) => r.id !== null);
}

/**
 * A page of another module's list as cards, in one statement and one round trip: `page` selects the page's texts as
 * `(id, ord)` (a ranking's entries, the feed's walk), with any columns that `pageColumns` names passed along on each
 * card under its key; `total`, the list's count, rides on every row, and on the one empty row of an empty page.
 * The card select itself stays here. `prepared`: a statement run often enough to keep prepared (db/client.ts rowsOf).
 */
export function cardPage<R extends CardRow = CardRow>(
  db: Db,
  page: SQL,
  viewerId: number | undefined,
  opts: { total?: SQL; pageColumns?: PageColumns; prepared?: boolean } = {},
): Promise<R[]> {
  return rowsOf<R>(db, cardsSql(page, viewerId, opts), opts.prepared);
}

/** A text and, when it imitates one, its original (second row): everything the details page shows, one round trip. */
export async function detailsRows(db: Db, id: number, viewerId?: number): Promise<DetailsRow[]> {
  const ids = sql`select ${essays.id} as id, 1 as ord from ${essays} where ${essays.id} = ${id}
    union all select ${essays.imitateOf}, 2 from ${essays} where ${essays.id} = ${id} and ${essays.imitateOf} is not null`;
  return (await rowsOf<DetailsRow>(db, cardsSql(ids, viewerId, { details: true }), true)).filter((r) => r.id !== null);
}

/** The sort key of a card, for the keyset cursor. */
export function keyOf(sort: ListFilter['sort'], r: CardRow): string | number | null {
  switch (sort) {
    case 'hot':
      return r.hot_score;
    case 'imitations':
      return imitationKeyOf(r.imitations, r.hot_score);
    case 'likes':
      return r.likes;
    case 'comments':
      return r.comments;
    case 'created':
      return new Date(r.created_at).toISOString();
    case 'new':
      return r.published_at === null ? null : new Date(r.published_at).toISOString();
  }
}

/**
 * A page of a list as cards, its total and the cursor of the next page, in one statement. The ids come from an
 * index walk; with a cursor the walk starts where the previous page ended, so deep pages cost what the first
 * does; without one it skips `offset` index entries. `sharedTotal` (sharedTotalOf, kept by the caller) spares the
 * statement its count where no counter gives the total.
 */
export async function listPage(db: Db, f: ListFilter, limit: number, offset: number, cursor?: Cursor | null, sharedTotal?: number) {
  const src = source(f);
  const after = cursor
    ? sql`(${src.key}, ${src.id}) < (${f.sort === 'new' || f.sort === 'created' ? sql`${cursor.k}::timestamptz` : sql`${cursor.k}::float8`}, ${cursor.id})`
    : undefined;
  const walk = sql`select id, row_number() over () as ord from (
    select ${src.id} as id from ${src.from} where ${and(src.where, after)}
    order by ${src.key} desc, ${src.id} desc limit ${limit} offset ${cursor ? 0 : offset}) w`;
  const total = totalSql(f, sharedTotal);
  const rows = await rowsOf<CardRow>(db, cardsSql(walk, f.viewerId ?? f.flagsFor, { total: total.sql }));
  const n = rows[0]?.total ?? 0;
  const cards = rows.filter((r) => r.id !== null);
  const last = cards[cards.length - 1];
  const k = last && cards.length === limit ? keyOf(f.sort, last) : null;
  return {
    cards,
    ...(total.exact ? exactTotal(n) : cappedTotal(n)),
    nextCursor: last && k !== null ? encodeCursor({ k, id: last.id! }) : null,
  };
}

export async function tagsOfEssays(db: Exec, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; name: string; parentId: number | null; letter: string }[]>();
  const rows = await db
    .select({ essayId: essayTags.essayId, id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter })
    .from(essayTags)
    .innerJoin(tags, eq(tags.id, essayTags.tagId))
    .where(inArray(essayTags.essayId, ids))
    .orderBy(asc(tags.parentId), asc(tags.id));
  const map = new Map<number, { id: number; name: string; parentId: number | null; letter: string }[]>();
  for (const { essayId, ...t } of rows) map.set(essayId, [...(map.get(essayId) ?? []), t]);
  return map;
}

/** Which of these essays the viewer liked and collected, in one round trip. */
export async function viewerFlags(db: Db, userId: number | undefined, ids: number[]) {
  if (!userId || !ids.length) return { liked: new Set<number>(), collected: new Set<number>() };
  const [r] = await rowsOf<{ liked: number[]; collected: number[] }>(db, sql`select ${flagArrays(userId, ids)}`, true);
  return { liked: new Set(r!.liked.map(Number)), collected: new Set(r!.collected.map(Number)) };
}

/** The counters a reader's own likes, collects, comments and 仿写 move, as they are now. */
export interface LiveCounts {
  likes: number;
  collects: number;
  comments: number;
  imitations: number;
}

/** Those counters of `ids` (a json array of {id, …LiveCounts}, or null when none), as a column of one row. */
const liveCounts = (ids: number[]) =>
  sql`(select json_agg(json_build_object('id', ${essays.id}, 'likes', ${essays.likes}, 'collects', ${essays.collects},
      'comments', ${essays.comments}, 'imitations', ${essays.imitations})) from ${essays} where ${essays.id} = any(${intArray(ids)})) as counts`;
type CountsColumn = Array<LiveCounts & { id: number }> | null;

/** A reader's flags and the live counters, as a row of flagArrays and liveCounts gives them. */
export interface ReaderMarks {
  liked: Set<number>;
  collected: Set<number>;
  counts: Map<number, LiveCounts>;
}
const marksOf = (r: { liked: number[]; collected: number[]; counts: CountsColumn }): ReaderMarks => ({
  liked: new Set(r.liked.map(Number)),
  collected: new Set(r.collected.map(Number)),
  counts: new Map((r.counts ?? []).map(({ id, ...c }) => [Number(id), c])),
});

/** A card of a shared page as `marks`'s reader sees it: their flags, the counters as they are now. */
export const withMarks = <T extends { id: number; liked: boolean; collected: boolean }>(e: T, marks: ReaderMarks): T => ({
  ...e,
  ...marks.counts.get(e.id),
  liked: marks.liked.has(e.id),
  collected: marks.collected.has(e.id),
});

/**
 * A signed-in reader's part of a page every visitor shares, in one round trip: their likes and collects among `ids`,
 * those texts' counters as they are now (the shared page may be a minute old, and the reader's own like must show),
 * and whether `unless` holds for them.
 */
export async function readerMarks(db: Db, userId: number, ids: number[], unless: SQL) {
  const [r] = await rowsOf<{ liked: number[]; collected: number[]; counts: CountsColumn; unless: boolean }>(
    db,
    sql`select ${flagArrays(userId, ids)}, ${liveCounts(ids)}, ${unless} as unless`,
    true,
  );
  return { ...marksOf(r!), unless: r!.unless };
}

/** The viewer's likes and collects among `ids`, as two arrays of one row (`liked`, `collected`). */
const flagArrays = (userId: number, ids: number[]) => {
  const list = intArray(ids);
  return sql`array(select ${liked.essayId} from ${liked} where ${liked.userId} = ${userId} and ${liked.essayId} = any(${list})) as liked,
      array(select ${collected.essayId} from ${collected} where ${collected.userId} = ${userId} and ${collected.essayId} = any(${list})) as collected`;
};

/**
 * What a signed-in reader changes on a list page every visitor shares, in one round trip: which of `ids` they liked
 * and collected, those texts' counters as they are now (the shared page may be seconds old; the reader's own comment
 * must show), which texts of this list (`f` without a viewer) they marked 不感兴趣, and how many of those sort
 * before the text `firstId` (the shared page's first; null when the page starts at a cursor).
 */
export async function readerOverlay(db: Db, f: ListFilter, userId: number, ids: number[], firstId: number | null) {
  const shared = { ...f, viewerId: undefined, flagsFor: undefined };
  const key = sortKey(f.sort);
  const mine = sql`from ${uninterested} join ${essays} on ${essays.id} = ${uninterested.essayId}`;
  const where = and(eq(uninterested.userId, userId), conditions(shared));
  const before =
    firstId === null
      ? sql`0`
      : // The inner essays (the first text) shadows the outer one (the marked text) in its own select.
        sql`(select count(*) ${mine} where ${where}
          and (${key}, ${essays.id}) > (select ${key}, ${essays.id} from ${essays} where ${essays.id} = ${firstId}))`;
  const [r] = await rowsOf<{ liked: number[]; collected: number[]; counts: CountsColumn; hidden: number[]; before: number }>(
    db,
    sql`select ${flagArrays(userId, ids)}, ${liveCounts(ids)}, array(select ${essays.id} ${mine} where ${where}) as hidden, ${before}::int as before`,
    true,
  );
  return { ...marksOf(r!), hidden: new Set(r!.hidden.map(Number)), before: Number(r!.before) };
}

/**
 * A signed-in reader's marks on a text's page, in one round trip: which of `ids` (the text and its original) they
 * liked and collected, and whether they follow its author. The page itself comes from the shared details cache.
 */
export async function detailsFlags(db: Db, userId: number, ids: number[], authorId: number) {
  const [r] = await rowsOf<{ liked: number[]; collected: number[]; following: boolean }>(
    db,
    sql`select ${flagArrays(userId, ids)},
      exists (select 1 from ${fo} where ${fo.followerId} = ${userId} and ${fo.followeeId} = ${authorId}) as following`,
    true,
  );
  return { liked: new Set(r!.liked.map(Number)), collected: new Set(r!.collected.map(Number)), following: r!.following };
}

/** The text a merged text now lives on (essays.merged_into), or null. */
export async function mergedTarget(db: Exec, id: number): Promise<number | null> {
  const rows = await db.select({ into: essays.mergedInto }).from(essays).where(eq(essays.id, id)).limit(1);
  return rows[0]?.into ?? null;
}

export async function findEssay(db: Exec, id: number) {
  const rows = await db
    .select()
    .from(essays)
    .where(and(eq(essays.id, id), ne(essays.status, 'deleted')))
    .limit(1);
  return rows[0] ?? null;
}

export type EssayValues = typeof essays.$inferInsert;
/** The fields a write sets; `searchVector` may be the statement that computes it. */
type EssayWrite<T> = Omit<T, 'searchVector'> & { searchVector?: SQL };

export async function insertEssay(tx: Exec, values: EssayWrite<EssayValues>): Promise<number> {
  const [row] = await tx.insert(essays).values(values).returning({ id: essays.id });
  return row!.id;
}

export async function updateEssay(tx: Exec, id: number, values: EssayWrite<Partial<EssayValues>>) {
  await tx.update(essays).set(values).where(eq(essays.id, id));
}

export async function reactionCounts(db: Db, id: number) {
  const [after] = await db.select({ likes: essays.likes, collects: essays.collects }).from(essays).where(eq(essays.id, id));
  return after;
}

/** Recomputes a text's hot score after its publish time or counters changed (in the same transaction). */
export async function refreshHotScore(db: Exec, id: number) {
  await db
    .update(essays)
    .set({ hotScore: hotScoreSql(essays) })
    .where(eq(essays.id, id));
}

/** What a text contributes to the published counts of its classification, tags and author. */
export interface Contribution {
  published: boolean;
  classificationId: number | null;
  tagIds: number[];
  authorId: number;
}

/**
 * Keeps the denormalised counts of classifications, tags and authors exact when one text changes: what it
 * contributed before is taken away and what it contributes now is added, in SQL, in the caller's transaction.
 */
export async function moveCounts(tx: Exec, before: Contribution | null, after: Contribution | null) {
  const deltas = { cls: new Map<number, number>(), tag: new Map<number, number>(), user: new Map<number, number>() };
  const add = (c: Contribution | null, d: number) => {
    if (!c?.published) return;
    if (c.classificationId) deltas.cls.set(c.classificationId, (deltas.cls.get(c.classificationId) ?? 0) + d);
    for (const t of new Set(c.tagIds)) deltas.tag.set(t, (deltas.tag.get(t) ?? 0) + d);
    deltas.user.set(c.authorId, (deltas.user.get(c.authorId) ?? 0) + d);
  };
  add(before, -1);
  add(after, 1);
  for (const [id, d] of deltas.cls)
    if (d)
      await tx
        .update(classifications)
        .set({ essayCount: sql`greatest(${classifications.essayCount} + ${d}, 0)` })
        .where(eq(classifications.id, id));
  for (const [id, d] of deltas.tag)
    if (d)
      await tx
        .update(tags)
        .set({ essayCount: sql`greatest(${tags.essayCount} + ${d}, 0)` })
        .where(eq(tags.id, id));
  for (const [id, d] of deltas.user) if (d) await moveUserCounter(tx, id, 'essayCount', d);
}

export async function tagIdsOf(db: Exec, essayId: number) {
  const rows = await db.select({ id: essayTags.tagId }).from(essayTags).where(eq(essayTags.essayId, essayId));
  return rows.map((r) => r.id);
}

export async function replaceTags(db: Exec, essayId: number, tagIds: number[]) {
  await db.delete(essayTags).where(eq(essayTags.essayId, essayId));
  if (tagIds.length) await db.insert(essayTags).values(tagIds.map((tagId) => ({ essayId, tagId })));
}

export async function changeImitationCount(db: Exec, originalId: number, delta: 1 | -1) {
  await db
    .update(essays)
    .set({ imitations: sql`greatest(${essays.imitations} + ${delta}, 0)` })
    .where(eq(essays.id, originalId));
  await refreshHotScore(db, originalId);
}

/**
 * Like or collect (table decides) — idempotent; the counter moves only when the row really changed. A like made at
 * `at` weighs the liker's account age then (lib/engagement.ts likeWeightSql), fixed on its row; the text's like
 * weight moves by it, and so its ranked score.
 */
export async function toggleReaction(tx: Tx, kind: 'like' | 'collect', on: boolean, userId: number, essayId: number, at = new Date()) {
  let changed: { weight: number }[];
  if (kind === 'like')
    changed = on
      ? await tx
          .insert(likes)
          .values({
            userId,
            essayId,
            createdAt: at,
            weight: likeWeightSql(at, sql`(select ${users.createdAt} from ${users} where ${users.id} = ${userId})`),
          })
          .onConflictDoNothing()
          .returning({ weight: likes.weight })
      : await tx
          .delete(likes)
          .where(and(eq(likes.userId, userId), eq(likes.essayId, essayId)))
          .returning({ weight: likes.weight });
  else
    changed = (
      on
        ? await tx.insert(collects).values({ userId, essayId, createdAt: at }).onConflictDoNothing().returning({ id: collects.essayId })
        : await tx
            .delete(collects)
            .where(and(eq(collects.userId, userId), eq(collects.essayId, essayId)))
            .returning({ id: collects.essayId })
    ).map(() => ({ weight: 0 }));
  if (!changed.length) return { changed: false, authorId: null };
  const delta = on ? 1 : -1;
  const weight = (on ? 1 : -1) * changed[0]!.weight;
  const set =
    kind === 'like'
      ? {
          likes: sql`greatest(${essays.likes} + ${delta}, 0)`,
          likeWeight: sql`greatest(${essays.likeWeight} + ${weight}::float8, 0)`,
          hotScore: hotScoreSql(essays, {
            likes: sql`greatest(${essays.likes} + ${delta}, 0)`,
            likeWeight: sql`greatest(${essays.likeWeight} + ${weight}::float8, 0)`,
          }),
        }
      : { collects: sql`greatest(${essays.collects} + ${delta}, 0)` };
  const [e] = await tx.update(essays).set(set).where(eq(essays.id, essayId)).returning({ authorId: essays.authorId });
  if (kind === 'like' && e) await moveUserCounter(tx, e.authorId, 'likesReceived', delta);
  return { changed: true, authorId: e?.authorId ?? null };
}

/** The most discussed published texts under a tag (without the texts of people the viewer blocked). */
export async function topDiscussedUnderTag(db: Db, tagId: number, limit: number, viewerId?: number) {
  const rows = await db
    .select({ id: essays.id })
    .from(essays)
    .innerJoin(essayTags, eq(essayTags.essayId, essays.id))
    .where(and(eq(essayTags.tagId, tagId), eq(essays.status, 'published'), viewerId ? notBlockedBy(viewerId, essays.authorId) : undefined))
    .orderBy(desc(essays.comments), desc(essays.hotScore), desc(essays.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Inserts views (one per viewer, text and hour); answers the text of each view essay_views did not hold yet. */
export async function insertViews(tx: Tx, rows: (typeof essayViews.$inferInsert)[]): Promise<number[]> {
  const fresh = await tx.insert(essayViews).values(rows).onConflictDoNothing().returning({ essayId: essayViews.essayId });
  return fresh.map((r) => r.essayId);
}

/**
 * How far views alone may move the stored ranked score before the flush rewrites it: 0.001 of a score in [-1, 1)
 * (a text with 40 likes in 400 views needs about 5 new views to move that far; one with 4,000 views, about 50).
 * Below it the flush changes only the views column: no index entry, no trigger on essay_tags, an update PostgreSQL
 * can make in place. Likes set the full score (views included).
 */
export const VIEW_SCORE_STEP = 0.001;

function scoreAfterViews(n: number) {
  const fresh = hotScoreSql(essays, { views: sql`(${essays.views} + ${n})` });
  return sql`case when abs(${fresh} - ${essays.hotScore}) >= ${VIEW_SCORE_STEP} then ${fresh} else ${essays.hotScore} end`;
}

/** Adds `n` views to each of these texts, moving their hot score only past VIEW_SCORE_STEP. */
export async function addViews(tx: Tx, ids: number[], n: number) {
  await tx
    .update(essays)
    .set({ views: sql`${essays.views} + ${n}`, hotScore: scoreAfterViews(n) })
    .where(inArray(essays.id, ids));
}
