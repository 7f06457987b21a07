import { and, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Exec } from '../../db/client.js';
import {
  attributionConflictMembers as cm,
  attributionConflicts as ac,
  essays,
  jobCursors,
  textSignatures,
  users,
} from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';

export type ConflictRow = typeof ac.$inferSelect;
export type ConflictScope = ConflictRow['scope'];
export type ConflictStatus = ConflictRow['status'];

/** A text as a conflict names it: the author it credits, whether it was imported. */
export interface MemberInput {
  essayId: number;
  author: string;
  authorKey: string;
  imported: boolean;
}

/** The columns read of a text and its poster (the tables or their aliases). */
type EssayTable = { original: AnyColumn; workAuthor: AnyColumn; status: AnyColumn; mergedInto: AnyColumn };
type UserTable = { nickname: AnyColumn };

/** The author a text names as written: a quote's 作者, a user's own words' poster (null: none named). */
const authorOf = (e: EssayTable, u: UserTable) => sql<string | null>`case when ${e.original} then ${u.nickname} else ${e.workAuthor} end`;
/** Texts that take part: posted (published or in review), not merged away. */
const takesPart = (e: EssayTable) => sql`(${e.status} in ('published', 'pending') and ${e.mergedInto} is null)`;

/** The texts of the library after `cursor` (by id) that name an author, with their signatures: the scan's next chunk. */
export function chunkAfter(db: Exec, cursor: number, limit: number) {
  return db
    .select({
      id: textSignatures.essayId,
      normalized: textSignatures.normalized,
      han: textSignatures.han,
      bands: textSignatures.bands,
      author: authorOf(essays, users),
      imported: sql<boolean>`${essays.importKey} is not null`,
    })
    .from(textSignatures)
    .innerJoin(essays, eq(essays.id, textSignatures.essayId))
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(and(sql`${textSignatures.essayId} > ${cursor}`, takesPart(essays), sql`${authorOf(essays, users)} is not null`))
    .orderBy(textSignatures.essayId)
    .limit(limit);
}

const a = alias(textSignatures, 'a');
const ae = alias(essays, 'ae');
const au = alias(users, 'au');
const o = alias(textSignatures, 'o');
const oe = alias(essays, 'oe');
const ou = alias(users, 'ou');

/** The other text names an author, and not the same one as written. */
const namesAnother = and(sql`${authorOf(oe, ou)} is not null`, sql`${authorOf(oe, ou)} <> ${authorOf(ae, au)}`);

/**
 * Older texts (smaller ids: each pair is found once, from its younger text) with the same words as the chunk's texts
 * of CONTAIN_MIN+ Han characters, naming another author. The digest index reads them.
 */
export function sameWordsBefore(db: Exec, ids: number[], minHan: number) {
  return db
    .select({
      a: a.essayId,
      b: o.essayId,
      normalized: o.normalized,
      author: authorOf(oe, ou),
      imported: sql<boolean>`${oe.importKey} is not null`,
    })
    .from(a)
    .innerJoin(ae, eq(ae.id, a.essayId))
    .innerJoin(au, eq(au.id, ae.authorId))
    .innerJoin(o, and(eq(o.digest, a.digest), sql`${o.essayId} < ${a.essayId}`))
    .innerJoin(oe, eq(oe.id, o.essayId))
    .innerJoin(ou, eq(ou.id, oe.authorId))
    .where(and(inArray(a.essayId, ids), sql`${a.han} >= ${minHan}`, takesPart(oe), namesAnother));
}

/**
 * The texts older than `before` sharing any of these band keys (a whole chunk's at once), at most `limit`. Read through
 * the GIN index even where the planner would rather read a small table whole: an overlap test against a chunk's
 * thousand-odd keys on every row costs far more than the index (`enable_seqscan` off for this statement only; `+ 0`
 * keeps the id bound off the primary key).
 */
export function sharingAnyBand(db: Db, bands: number[], before: number, limit: number) {
  if (bands.length === 0) return Promise.resolve([]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx
      .select({ id: textSignatures.essayId, normalized: textSignatures.normalized, bands: textSignatures.bands })
      .from(textSignatures)
      .where(and(sql`${textSignatures.bands} && ${`{${bands.join(',')}}`}::int[]`, sql`${textSignatures.essayId} + 0 < ${before}`))
      .limit(limit);
  });
}

/** What a post's check needs of texts: the author each names, imported or not, and whether it takes part. */
export async function textsByIds(db: Exec, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: essays.id,
      author: authorOf(essays, users),
      imported: sql<boolean>`${essays.importKey} is not null`,
      takesPart: sql<boolean>`${takesPart(essays)}`,
    })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(inArray(essays.id, ids));
}

export async function cursorOf(db: Exec, name: string): Promise<number> {
  const [row] = await db.select({ position: jobCursors.position }).from(jobCursors).where(eq(jobCursors.name, name));
  return row?.position ?? 0;
}

export async function setCursor(db: Exec, name: string, position: number) {
  await db
    .insert(jobCursors)
    .values({ name, position })
    .onConflictDoUpdate({ target: jobCursors.name, set: { position, updatedAt: new Date() } });
}

/** The conflicts these texts are in, by text. */
export async function membership(db: Exec, essayIds: number[]): Promise<Map<number, number>> {
  if (essayIds.length === 0) return new Map();
  const rows = await db.select({ essayId: cm.essayId, conflictId: cm.conflictId }).from(cm).where(inArray(cm.essayId, essayIds));
  return new Map(rows.map((r) => [r.essayId, r.conflictId]));
}

export async function insertConflict(db: Exec): Promise<number> {
  const [r] = await db.insert(ac).values({ scope: 'corpus' }).returning({ id: ac.id });
  return r!.id;
}

/** Moves one conflict's texts into another and drops the emptied one (two clusters joined by a new pair). */
export async function joinConflicts(db: Exec, from: number, into: number) {
  await db.update(cm).set({ conflictId: into }).where(eq(cm.conflictId, from));
  await db.delete(ac).where(eq(ac.id, from));
}

/** Adds texts to a conflict (a text already in one stays where it is); answers how many joined. */
export async function addMembers(db: Exec, conflictId: number, members: MemberInput[]): Promise<number> {
  if (members.length === 0) return 0;
  const rows = await db
    .insert(cm)
    .values(members.map((m) => ({ conflictId, ...m })))
    .onConflictDoNothing()
    .returning({ id: cm.essayId });
  return rows.length;
}

/** A text's author as it names it now (an edit); answers its conflict, if any. */
export async function updateMember(db: Exec, m: MemberInput): Promise<number | null> {
  const [r] = await db
    .update(cm)
    .set({ author: m.author, authorKey: m.authorKey, imported: m.imported })
    .where(eq(cm.essayId, m.essayId))
    .returning({ conflictId: cm.conflictId });
  return r?.conflictId ?? null;
}

export async function dropMember(db: Exec, essayId: number): Promise<number | null> {
  const [r] = await db.delete(cm).where(eq(cm.essayId, essayId)).returning({ conflictId: cm.conflictId });
  return r?.conflictId ?? null;
}

/** Recomputes a conflict's scope (a user's post among its texts or not); `reopen` when a text joined it. */
export async function refreshConflict(db: Exec, id: number, reopen: boolean) {
  const userPost = sql`exists (select 1 from ${cm} where ${cm.conflictId} = ${id} and not ${cm.imported})`;
  const scope = sql<ConflictScope>`case when ${userPost} then 'user' else 'corpus' end`;
  await db
    .update(ac)
    .set(reopen ? { scope, status: 'open', updatedAt: new Date() } : { scope })
    .where(eq(ac.id, id));
}

/** Drops an open conflict whose texts no longer name two authors (an edit, a merge); a decided one stays on record. */
export async function dropIfSettled(db: Exec, id: number) {
  await db.execute(sql`delete from ${ac} where ${ac.id} = ${id} and ${ac.status} = 'open'
    and (select count(distinct ${cm.authorKey}) from ${cm} where ${cm.conflictId} = ${id}) < 2`);
}

/** A page of conflicts of one scope and status, the latest joined first. */
export function page(db: Exec, scope: ConflictScope, status: ConflictStatus, limit: number, offset: number) {
  const where = and(eq(ac.scope, scope), eq(ac.status, status));
  return withTotal(
    db.select().from(ac).where(where).orderBy(desc(ac.updatedAt), desc(ac.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(ac).where(where).$dynamic()),
  );
}

export async function conflictById(db: Exec, id: number, lock = false): Promise<ConflictRow | null> {
  if (lock) await db.execute(sql`select 1 from ${ac} where ${ac.id} = ${id} for update`);
  const [r] = await db.select().from(ac).where(eq(ac.id, id));
  return r ?? null;
}

/** The texts of these conflicts with what editors weigh, users' posts first. */
export function membersOf(db: Exec, conflictIds: number[]) {
  return db
    .select({
      conflictId: cm.conflictId,
      essayId: cm.essayId,
      author: cm.author,
      authorKey: cm.authorKey,
      imported: cm.imported,
      title: essays.title,
      summary: essays.summary,
      source: essays.source,
      provenance: essays.provenance,
      status: essays.status,
      attributionStatus: essays.attributionStatus,
      poster: { id: users.id, nickname: users.nickname, avatar: users.avatar, username: users.username },
    })
    .from(cm)
    .innerJoin(essays, eq(essays.id, cm.essayId))
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(conflictIds.length ? inArray(cm.conflictId, conflictIds) : sql`false`)
    .orderBy(cm.conflictId, cm.imported, cm.essayId);
}
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

export async function decide(
  db: Exec,
  id: number,
  d: { status: ConflictStatus; rightEssayId: number | null; rightAuthor: string | null; note: string | null },
) {
  await db
    .update(ac)
    .set({ ...d, decidedAt: new Date() })
    .where(eq(ac.id, id));
}
