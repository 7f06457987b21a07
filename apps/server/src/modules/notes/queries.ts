import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Exec } from '../../db/client.js';
import { essays, noteRevisions, notes, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import { notBlockedBy } from '../users/index.js';

export type NoteRow = typeof notes.$inferSelect;
export type NoteInsert = typeof notes.$inferInsert;
export type RevisionRow = typeof noteRevisions.$inferSelect;

const writer = alias(users, 'writer');
const reviewer = alias(users, 'reviewer');

const selection = {
  n: notes,
  writerNickname: writer.nickname,
  writerAvatar: writer.avatar,
  writerUsername: writer.username,
  reviewerNickname: reviewer.nickname,
  reviewerAvatar: reviewer.avatar,
  essayTitle: essays.title,
};

export type NoteLoaded = {
  n: NoteRow;
  writerNickname: string | null;
  writerAvatar: string | null;
  writerUsername: string | null;
  reviewerNickname: string | null;
  reviewerAvatar: string | null;
  essayTitle: string | null;
};

function base(db: Exec) {
  return db
    .select(selection)
    .from(notes)
    .innerJoin(essays, eq(essays.id, notes.essayId))
    .leftJoin(writer, eq(writer.id, notes.writerId))
    .leftJoin(reviewer, eq(reviewer.id, notes.reviewerId));
}

/** What a note needs of its text: its plain form's source, status and author. */
export async function essayOf(db: Exec, id: number) {
  const rows = await db
    .select({
      id: essays.id,
      type: essays.type,
      title: essays.title,
      content: essays.content,
      status: essays.status,
      authorId: essays.authorId,
    })
    .from(essays)
    .where(eq(essays.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A text's approved notes, but those whose writer the viewer blocked; in text order. */
export async function approvedOf(db: Exec, essayId: number, viewerId?: number): Promise<NoteLoaded[]> {
  const shown = and(eq(notes.essayId, essayId), eq(notes.status, 'approved'));
  return base(db)
    .where(viewerId ? and(shown, sql`(${notes.writerId} is null or ${notBlockedBy(viewerId, notes.writerId)})`) : shown)
    .orderBy(sql`${notes.start} asc nulls last`, desc(notes.end), asc(notes.id));
}

/** The approved 注释 of a text that still have a place (for the overlap rule). */
export async function glossRanges(db: Exec, essayId: number, exceptId?: number) {
  return db
    .select({ id: notes.id, start: notes.start, end: notes.end })
    .from(notes)
    .where(
      and(
        eq(notes.essayId, essayId),
        eq(notes.kind, 'gloss'),
        eq(notes.status, 'approved'),
        eq(notes.anchorLost, false),
        isNotNull(notes.start),
        exceptId ? ne(notes.id, exceptId) : undefined,
      ),
    );
}

export async function loadNote(db: Exec, id: number): Promise<NoteLoaded | null> {
  const rows = await base(db).where(eq(notes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findNote(db: Exec, id: number): Promise<NoteRow | null> {
  const rows = await db.select().from(notes).where(eq(notes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertNote(db: Exec, values: NoteInsert): Promise<number> {
  const [row] = await db.insert(notes).values(values).returning({ id: notes.id });
  return row!.id;
}

/** Inserts notes whose import key is new; answers how many were. */
export async function insertImported(db: Exec, rows: NoteInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const made = await db.insert(notes).values(rows).onConflictDoNothing().returning({ id: notes.id });
  return made.length;
}

export async function updateNote(db: Exec, id: number, set: Partial<NoteInsert>) {
  await db
    .update(notes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(notes.id, id));
}

export async function insertRevision(db: Exec, values: typeof noteRevisions.$inferInsert) {
  await db.insert(noteRevisions).values(values);
}

export async function pageForReview(db: Db, f: { status: NoteRow['status']; essayId?: number }, limit: number, offset: number) {
  const where = and(eq(notes.status, f.status), f.essayId ? eq(notes.essayId, f.essayId) : undefined);
  return withTotal(
    base(db)
      .where(where)
      .orderBy(f.status === 'pending' ? asc(notes.createdAt) : desc(notes.updatedAt), desc(notes.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(notes).where(where).$dynamic()),
  );
}

export async function historyOf(db: Exec, noteId: number) {
  return db
    .select({ r: noteRevisions, editorNickname: users.nickname, editorAvatar: users.avatar })
    .from(noteRevisions)
    .leftJoin(users, eq(users.id, noteRevisions.editorId))
    .where(eq(noteRevisions.noteId, noteId))
    .orderBy(asc(noteRevisions.createdAt), asc(noteRevisions.id));
}

/** A text's notes that point at a passage (re-anchored when the text changes). */
export async function anchoredOf(db: Exec, essayId: number) {
  return db
    .select({ id: notes.id, start: notes.start, end: notes.end, quote: notes.quote, anchorLost: notes.anchorLost })
    .from(notes)
    .where(and(eq(notes.essayId, essayId), isNotNull(notes.quote), ne(notes.status, 'deleted')));
}

/** Texts (by id) with the import keys of the notes they have from the corpus or the starter library. */
export async function importedKeysOf(db: Exec, essayIds: number[]) {
  if (essayIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: notes.importKey })
    .from(notes)
    .where(and(inArray(notes.essayId, essayIds), isNotNull(notes.importKey)));
  return new Set(rows.map((r) => r.key!));
}

/** Published texts with the corpus's own notes, after `after` (by id), a batch at a time. */
export async function textsWithSourceNotes(db: Exec, after: number, limit: number) {
  return db
    .select({ id: essays.id, type: essays.type, content: essays.content, importKey: essays.importKey, sourceNotes: essays.sourceNotes })
    .from(essays)
    .where(and(isNotNull(essays.sourceNotes), sql`jsonb_array_length(${essays.sourceNotes}) > 0`, sql`${essays.id} > ${after}`))
    .orderBy(asc(essays.id))
    .limit(limit);
}

/** Texts by import key (the starter notes name their text so). */
export async function textsByImportKey(db: Exec, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: essays.id,
      type: essays.type,
      content: essays.content,
      importKey: essays.importKey,
      title: essays.title,
      workAuthor: essays.workAuthor,
    })
    .from(essays)
    .where(inArray(essays.importKey, keys));
}

/** Texts by title and author, for starter notes naming their text so. */
export async function textsByTitle(db: Exec, title: string, author: string) {
  return db
    .select({ id: essays.id, type: essays.type, content: essays.content, importKey: essays.importKey })
    .from(essays)
    .where(and(eq(essays.title, title), eq(essays.workAuthor, author)))
    .orderBy(asc(essays.id))
    .limit(1);
}

// ---------- a person's notes: their copy and account deletion ----------

export async function notesOfWriter(db: Exec, userId: number) {
  return db
    .select({
      id: notes.id,
      essayId: notes.essayId,
      kind: notes.kind,
      quote: notes.quote,
      content: notes.content,
      status: notes.status,
      createdAt: notes.createdAt,
    })
    .from(notes)
    .where(eq(notes.writerId, userId))
    .orderBy(asc(notes.id));
}

export async function revisionsByEditor(db: Exec, userId: number) {
  return db
    .select({ noteId: noteRevisions.noteId, action: noteRevisions.action, createdAt: noteRevisions.createdAt })
    .from(noteRevisions)
    .where(eq(noteRevisions.editorId, userId))
    .orderBy(asc(noteRevisions.id));
}

/**
 * A departing writer's notes: proposals not yet approved go; approved ones stay, credited to 已注销用户, unless the
 * person asked for their content to go too. Their reviews and revisions stay without a name (the id is cut).
 */
export async function forgetWriter(db: Exec, userId: number, removeContent: boolean) {
  await db.delete(notes).where(and(eq(notes.writerId, userId), removeContent ? undefined : ne(notes.status, 'approved')));
  await db.update(notes).set({ reviewerId: null }).where(eq(notes.reviewerId, userId));
  await db.update(noteRevisions).set({ editorId: null }).where(eq(noteRevisions.editorId, userId));
}

// ---------- reports ----------

/** Notes named by reports, with their writer (null for the corpus's and the starter library's). */
export async function noteTargets(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: notes.id,
      content: notes.content,
      status: notes.status,
      essayId: notes.essayId,
      kind: notes.kind,
      writerId: users.id,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.writerId))
    .where(inArray(notes.id, ids));
  return rows.map(({ writerId, username, nickname, avatar, ...n }) => ({
    ...n,
    owner: writerId !== null ? { id: writerId, username: username!, nickname: nickname!, avatar } : null,
  }));
}
