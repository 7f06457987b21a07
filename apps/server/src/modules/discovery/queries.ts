/** Statements of best of the week, author pages and the console's best-of-week list (search: searchQueries.ts). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db, type Exec, type Tx } from '../../db/client.js';
import { columnNames, frozen, names } from '../../db/names.js';
import { authors, bestWeekEntries, essays, users } from '../../db/schema.js';
import { engagementSql, popularitySql } from '../../lib/engagement.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';

export async function countWeekEntries(db: Db, week: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bestWeekEntries)
    .where(eq(bestWeekEntries.week, week));
  return r?.n ?? 0;
}

/** Writes the `size` most engaging texts published in [start, end) as the week's list; answers how many. */
export async function insertTopOfWeek(db: Db, week: string, start: Date, end: Date, size: number): Promise<number> {
  const res = await db.execute(sql`
    insert into ${bestWeekEntries} (${columnNames(bestWeekEntries.week, bestWeekEntries.essayId, bestWeekEntries.rank)})
    select ${week}, id, row_number() over (order by engagement desc, id desc)
    from (
      select ${essays.id} as id, ${engagementSql(essays)} as engagement
      from ${essays} where ${essays.status} = 'published' and ${essays.publishedAt} >= ${start.toISOString()} and ${essays.publishedAt} < ${end.toISOString()}
      order by engagement desc, id desc limit ${size}
    ) top
    on conflict do nothing
    returning ${bestWeekEntries.essayId}`);
  return res.rows.length;
}

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

/** The texts of a week's list with their authors, for the console. */
export function entryTexts(db: Db, ids: number[]) {
  return db
    .select({ e: essays, author: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(inArray(essays.id, ids));
}

export function textStatuses(tx: Tx, ids: number[]) {
  return tx.select({ id: essays.id, status: essays.status }).from(essays).where(inArray(essays.id, ids));
}

export async function replaceWeek(tx: Tx, week: string, entries: { essayId: number; pinned: boolean; note: string | null }[]) {
  await tx.delete(bestWeekEntries).where(eq(bestWeekEntries.week, week));
  if (entries.length) await tx.insert(bestWeekEntries).values(entries.map((e, i) => ({ week, rank: i + 1, ...e })));
}

export type AuthorRow = Pick<typeof authors.$inferSelect, 'name' | 'dynasty' | 'works'>;

/** An author some published text cites, or null. */
export async function findAuthor(db: Db, name: string): Promise<AuthorRow | null> {
  const [a] = await db
    .select({ name: authors.name, dynasty: authors.dynasty, works: authors.works })
    .from(authors)
    .where(and(eq(authors.name, name), sql`${authors.works} > 0`));
  return a ?? null;
}

/** Rendered once (db/names.ts): the author pages are hot. */
const e = names(alias(essays, 'e'));
const byPopularity = frozen(sql`${popularitySql(e)} desc, ${e.id} desc`);

/** Where an author page's texts are: published, citing the author, not by someone the viewer blocked. */
const citing = (name: string, viewerId?: number) =>
  sql`${e.workAuthor} = ${name} and ${e.status} = 'published'${viewerId ? sql` and ${notBlockedBy(viewerId, e.authorId)}` : sql``}`;

/** The ids of a page of an author's texts, in essays_work_author_idx's order (most popular first). */
export const authorPageSql = (name: string, limit: number, offset: number, viewerId?: number) =>
  sql`select ${e.id} from ${e} where ${citing(name, viewerId)} order by ${byPopularity} limit ${limit} offset ${offset}`;

export function authorPageIds(db: Db, name: string, limit: number, offset: number, viewerId?: number) {
  return rowsOf<{ id: number }>(db, authorPageSql(name, limit, offset, viewerId));
}

/** For a viewer who blocked someone, the author's texts they may see, counted up to the cap; null otherwise. */
export async function countCitingFor(db: Db, name: string, viewerId: number): Promise<number | null> {
  const [r] = await rowsOf<{ n: number | null }>(
    db,
    sql`select case when ${blocksAnyone(viewerId)}
      then (select count(*) from (select 1 from ${e} where ${citing(name, viewerId)} limit ${TOTAL_CAP + 1}) capped) end::int as n`,
  );
  return r?.n ?? null;
}
