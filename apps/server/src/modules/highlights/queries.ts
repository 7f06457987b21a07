import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Exec } from '../../db/client.js';
import { aliased, columnName } from '../../db/names.js';
import { blocks, essays, highlightPassageReaders as hpr, highlightPassages as hp, highlights as h, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import { likePattern } from '../../lib/text.js';

export type HighlightRow = typeof h.$inferSelect;
export type HighlightInsert = typeof h.$inferInsert;
export type Sentence = { index: number; start: number; end: number; quote: string };

/** What a highlight needs of its text: its plain form's source, status and author. */
export async function essayOf(db: Exec, id: number) {
  const rows = await db
    .select({ id: essays.id, type: essays.type, content: essays.content, status: essays.status, authorId: essays.authorId })
    .from(essays)
    .where(eq(essays.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises one reader's highlight writes on one text until the transaction ends (idempotence and the limit). */
export async function lockReaderText(tx: Exec, userId: number, essayId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, ${essayId}::int)`);
}

export async function findSame(db: Exec, userId: number, essayId: number, start: number, end: number) {
  const [row] = await db
    .select()
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.essayId, essayId), eq(h.start, start), eq(h.end, end), eq(h.anchorLost, false)))
    .limit(1);
  return row;
}

/** The reader's highlights on a text, counted up to `cap` (by the reader-and-text index). */
export async function countOnText(db: Exec, userId: number, essayId: number, cap: number): Promise<number> {
  const sub = db
    .select(one)
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.essayId, essayId)))
    .limit(cap)
    .as('capped');
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  return r?.n ?? 0;
}

export async function insertHighlight(db: Exec, row: HighlightInsert): Promise<HighlightRow> {
  const [r] = await db.insert(h).values(row).returning();
  return r!;
}

export async function findHighlight(db: Exec, id: number) {
  const [row] = await db.select().from(h).where(eq(h.id, id)).limit(1);
  return row;
}

export async function updateHighlight(db: Exec, id: number, set: Partial<HighlightInsert>): Promise<HighlightRow> {
  const [r] = await db
    .update(h)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(h.id, id))
    .returning();
  return r!;
}

export async function deleteHighlight(db: Exec, id: number) {
  await db.delete(h).where(eq(h.id, id));
}

/** The reader's highlights on a text, in text order (at most the per-text limit). */
export async function mineOn(db: Exec, userId: number, essayId: number) {
  return db
    .select()
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.essayId, essayId)))
    .orderBy(asc(h.start), asc(h.id));
}

// ---------- 热门划线 counters ----------

/**
 * One more of the reader's highlights overlaps these sentences: the reader's count per sentence goes up, and a
 * sentence the reader had no highlight on yet counts one more reader. Atomic row by row (INSERT … ON CONFLICT), so
 * concurrent highlights by different readers keep the counts exact.
 */
export async function countIn(tx: Exec, essayId: number, userId: number, sentences: Sentence[]) {
  if (sentences.length === 0) return;
  const rows = await tx
    .insert(hpr)
    .values(sentences.map((s) => ({ essayId, sentence: s.index, userId, highlights: 1 })))
    .onConflictDoUpdate({ target: [hpr.essayId, hpr.sentence, hpr.userId], set: { highlights: sql`${hpr.highlights} + 1` } })
    .returning({ sentence: hpr.sentence, highlights: hpr.highlights });
  const fresh = new Set(rows.filter((r) => r.highlights === 1).map((r) => r.sentence));
  const added = sentences.filter((s) => fresh.has(s.index));
  if (added.length === 0) return;
  await tx
    .insert(hp)
    .values(added.map((s) => ({ essayId, sentence: s.index, start: s.start, end: s.end, quote: s.quote, readers: 1 })))
    .onConflictDoUpdate({ target: [hp.essayId, hp.sentence], set: { readers: sql`${hp.readers} + 1` } });
}

/** The reverse of countIn: a sentence the reader no longer has any highlight on counts one reader less. */
export async function countOut(tx: Exec, essayId: number, userId: number, sentences: number[]) {
  if (sentences.length === 0) return;
  const rows = await tx
    .update(hpr)
    .set({ highlights: sql`${hpr.highlights} - 1` })
    .where(and(eq(hpr.essayId, essayId), eq(hpr.userId, userId), inArray(hpr.sentence, sentences)))
    .returning({ sentence: hpr.sentence, highlights: hpr.highlights });
  const gone = rows.filter((r) => r.highlights <= 0).map((r) => r.sentence);
  if (gone.length === 0) return;
  await tx.delete(hpr).where(and(eq(hpr.essayId, essayId), eq(hpr.userId, userId), inArray(hpr.sentence, gone)));
  await tx
    .update(hp)
    .set({ readers: sql`${hp.readers} - 1` })
    .where(and(eq(hp.essayId, essayId), inArray(hp.sentence, gone)));
}

/** A text's counters from scratch (its content changed): `perReader` maps a reader to the sentences they marked. */
export async function rebuildCounts(tx: Exec, essayId: number, sentences: Sentence[], perReader: Map<number, Map<number, number>>) {
  await tx.delete(hpr).where(eq(hpr.essayId, essayId));
  await tx.delete(hp).where(eq(hp.essayId, essayId));
  const readerRows: (typeof hpr.$inferInsert)[] = [];
  const readers = new Map<number, number>();
  for (const [userId, marks] of perReader)
    for (const [sentence, n] of marks) {
      readerRows.push({ essayId, sentence, userId, highlights: n });
      readers.set(sentence, (readers.get(sentence) ?? 0) + 1);
    }
  for (let i = 0; i < readerRows.length; i += 1000) await tx.insert(hpr).values(readerRows.slice(i, i + 1000));
  const passageRows = sentences
    .filter((s) => readers.has(s.index))
    .map((s) => ({ essayId, sentence: s.index, start: s.start, end: s.end, quote: s.quote, readers: readers.get(s.index)! }));
  for (let i = 0; i < passageRows.length; i += 1000) await tx.insert(hp).values(passageRows.slice(i, i + 1000));
}

/** A text's highlights that point at a passage (re-anchored when the text changes). */
export async function anchoredOf(db: Exec, essayId: number) {
  return db
    .select({
      id: h.id,
      userId: h.userId,
      start: h.start,
      end: h.end,
      quote: h.quote,
      anchorLost: h.anchorLost,
      thought: h.thought,
    })
    .from(h)
    .where(eq(h.essayId, essayId))
    .orderBy(asc(h.id));
}

/** The sentences at least `min` readers marked, most readers first (by the counters' index). */
export async function topPassages(db: Exec, essayId: number, min: number, limit: number) {
  return db
    .select({ sentence: hp.sentence, start: hp.start, end: hp.end, quote: hp.quote, readers: hp.readers })
    .from(hp)
    .where(and(eq(hp.essayId, essayId), gt(hp.readers, min - 1)))
    .orderBy(desc(hp.readers), asc(hp.sentence))
    .limit(limit);
}

// ---------- public 想法 ----------

const ob = alias(blocks, 'ob');
const ib = alias(blocks, 'ib');

export type ThoughtRow = {
  id: number;
  userId: number;
  start: number;
  end: number;
  quote: string;
  thought: string;
  thoughtAt: Date | string | null;
  nickname: string;
  avatar: string | null;
  passage: number;
};

/** Public 想法 others may see: not hidden, by an active account, neither blocking the viewer nor blocked by them. */
function visibleThought(viewerId?: number) {
  return sql`${h.thoughtPublic} and ${h.thoughtHiddenAt} is null and ${h.thought} is not null and not ${h.anchorLost}
    and ${users.status} = 'active'
    ${
      viewerId
        ? sql`and not exists (select 1 from ${aliased(ob)} where ${ob.blockerId} = ${viewerId} and ${ob.blockedId} = ${h.userId})
    and not exists (select 1 from ${aliased(ib)} where ${ib.blockerId} = ${h.userId} and ${ib.blockedId} = ${viewerId})`
        : sql``
    }`;
}

/**
 * The newest public 想法 on each passage (overlapping it), `per` each: one statement, a lateral probe of the public
 * 想法 index per passage.
 */
export async function thoughtsBeside(
  db: Db,
  essayId: number,
  passages: { start: number; end: number }[],
  per: number,
  viewerId?: number,
): Promise<ThoughtRow[]> {
  if (passages.length === 0) return [];
  const values = sql.join(
    passages.map((p, i) => sql`(${i}::int, ${p.start}::int, ${p.end}::int)`),
    sql`, `,
  );
  return rowsOf<ThoughtRow>(
    db,
    sql`select s.i as "passage", t.* from (values ${values}) as s(i, st, en)
      cross join lateral (
        select ${h.id} as "id", ${h.userId} as "userId", ${h.start} as "start", ${h.end} as "end", ${h.quote} as "quote",
          ${h.thought} as "thought", ${h.thoughtAt} as "thoughtAt", ${users.nickname} as "nickname", ${users.avatar} as "avatar"
        from ${h} join ${users} on ${users.id} = ${h.userId}
        where ${h.essayId} = ${essayId} and ${h.start} < s.en and ${h.end} > s.st and ${visibleThought(viewerId)}
        order by ${h.thoughtAt} desc, ${h.id} desc
        limit ${per}
      ) t`,
  );
}

/** A text's newest public 想法. */
export async function latestThoughts(db: Exec, essayId: number, limit: number, viewerId?: number) {
  return db
    .select({
      id: h.id,
      userId: h.userId,
      start: h.start,
      end: h.end,
      quote: h.quote,
      thought: h.thought,
      thoughtAt: h.thoughtAt,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(h)
    .innerJoin(users, eq(users.id, h.userId))
    .where(and(eq(h.essayId, essayId), visibleThought(viewerId)))
    .orderBy(sql`${h.thoughtAt} desc nulls last`, desc(h.id))
    .limit(limit);
}

// ---------- a reader's own ----------

/** My highlights, newest first or grouped by text (the text marked most recently first), searchable. */
export function pageMine(db: Db, userId: number, f: { order: 'date' | 'text'; q?: string | undefined }, limit: number, offset: number) {
  const like = f.q ? likePattern(f.q) : null;
  const where = and(
    eq(h.userId, userId),
    like ? or(ilike(essays.title, like), ilike(essays.workAuthor, like), ilike(h.quote, like), ilike(h.thought, like)) : undefined,
  );
  const latestOfText = sql`max(${h.createdAt}) over (partition by ${h.essayId})`;
  return withTotal(
    db
      .select({
        h,
        essay: { id: essays.id, title: essays.title, summary: essays.summary, workAuthor: essays.workAuthor, source: essays.source },
      })
      .from(h)
      .innerJoin(essays, eq(essays.id, h.essayId))
      .where(where)
      .orderBy(...(f.order === 'date' ? [desc(h.createdAt), desc(h.id)] : [desc(latestOfText), desc(h.essayId), asc(h.start), asc(h.id)]))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(h).innerJoin(essays, eq(essays.id, h.essayId)).where(where).$dynamic()),
  );
}

/** Everything a person's copy of their data holds of highlights (export). */
export async function allOf(db: Exec, userId: number) {
  return db
    .select({
      id: h.id,
      essayId: h.essayId,
      essayTitle: essays.title,
      workAuthor: essays.workAuthor,
      start: h.start,
      end: h.end,
      quote: h.quote,
      anchorLost: h.anchorLost,
      thought: h.thought,
      thoughtPublic: h.thoughtPublic,
      createdAt: h.createdAt,
      updatedAt: h.updatedAt,
    })
    .from(h)
    .innerJoin(essays, eq(essays.id, h.essayId))
    .where(eq(h.userId, userId))
    .orderBy(asc(h.createdAt), asc(h.id));
}

/** Account deletion: the person's reader marks leave the counters, then their highlights go. */
export async function forgetAllOf(tx: Exec, userId: number) {
  await tx.execute(
    sql`update ${hp} set ${columnName(hp.readers)} = ${hp.readers} - 1 from ${hpr}
      where ${hpr.userId} = ${userId} and ${hp.essayId} = ${hpr.essayId} and ${hp.sentence} = ${hpr.sentence}`,
  );
  await tx.delete(hpr).where(eq(hpr.userId, userId));
  await tx.delete(h).where(eq(h.userId, userId));
}

// ---------- reports ----------

/** Public 想法 that a report names, for the editors' queue. */
export async function reportTargets(db: Exec, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: h.id,
      essayId: h.essayId,
      thought: h.thought,
      hiddenAt: h.thoughtHiddenAt,
      ownerId: users.id,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(h)
    .innerJoin(users, eq(users.id, h.userId))
    .where(inArray(h.id, ids));
}

/** `type=mine` search: the reader's highlights whose passage, 想法, text title or cited author has the pattern; at most `cap`. */
export async function searchMine(db: Db, userId: number, pattern: string, cap: number) {
  return db
    .select({ id: h.id, essayId: h.essayId, quote: h.quote, thought: h.thought, at: h.createdAt })
    .from(h)
    .innerJoin(essays, eq(essays.id, h.essayId))
    .where(
      and(
        eq(h.userId, userId),
        or(eq(essays.status, 'published'), eq(essays.authorId, userId)),
        or(ilike(h.quote, pattern), ilike(h.thought, pattern), ilike(essays.title, pattern), ilike(essays.workAuthor, pattern)),
      ),
    )
    .orderBy(desc(h.createdAt), desc(h.id))
    .limit(cap);
}
