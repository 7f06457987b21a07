import { anchorProblem, cpLength, linesOf, overlapsPartly, plainOf, reanchor, sliceCp } from '@shiju/contract/anchors';
import { ANCHORED_KINDS, NOTE_KIND_NAMES, NOTE_LIMITS, NOTE_MAX_CHARS, type NoteKindId } from '@shiju/contract/notes';
import type { AdminNote, CallParsed, Note, NoteRevision } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { type Broadcast } from '../../lib/broadcast.js';
import { auditedIn, type Actor } from '../audit/index.js';
import { allow } from '../limits/index.js';
import { notify } from '../messages/index.js';
import { changeUser, isBlocked, setNoteEditorFlag, type UserRow } from '../users/index.js';
import { corpusNotesOf, type SourceNote } from './corpus.js';
import * as q from './queries.js';
import { noteLength, sanitizeNote } from './sanitize.js';
import { refuseUnboundedMarkup } from '../../lib/html.js';
import { STARTER_NOTES } from './starter.js';

const DAY_MS = 24 * 3600 * 1000;

/** Who may review notes: editors, and readers an editor granted 注释编辑. */
export const canReviewNotes = (u: Pick<UserRow, 'role' | 'noteEditor'> | null | undefined) => !!u && (u.role === 'admin' || u.noteEditor);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(x: q.NoteLoaded): Note {
  const n = x.n;
  return {
    id: n.id,
    essayId: n.essayId,
    kind: n.kind,
    start: n.start,
    end: n.end,
    quote: n.quote,
    anchorLost: n.anchorLost,
    commentator: n.commentator,
    label: n.label,
    content: n.content,
    origin: n.origin,
    writer: n.writerId && x.writerNickname !== null ? { id: n.writerId, nickname: x.writerNickname, avatar: x.writerAvatar } : null,
    status: n.status,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

function presentAdmin(x: q.NoteLoaded): AdminNote {
  const n = x.n;
  return {
    ...present(x),
    writer:
      n.writerId && x.writerNickname !== null
        ? { id: n.writerId, nickname: x.writerNickname, avatar: x.writerAvatar, username: x.writerUsername ?? '' }
        : null,
    essayTitle: x.essayTitle,
    reviewer:
      n.reviewerId && x.reviewerNickname !== null ? { id: n.reviewerId, nickname: x.reviewerNickname, avatar: x.reviewerAvatar } : null,
    rejectReason: n.rejectReason,
    reviewedAt: iso(n.reviewedAt),
  };
}

const plainOfEssay = (e: { type: string; content: string }) => plainOf(e.content, e.type === 'essay');

/** Sanitises and measures a note's text for its kind: A0400 naming the problem when empty or too long. */
function cleanContent(kind: NoteKindId, raw: string, sensitive?: SensitiveWords): string {
  refuseUnboundedMarkup(raw, 'content');
  const clean = sanitizeNote(raw);
  const n = noteLength(clean);
  const name = NOTE_KIND_NAMES[kind];
  if (n === 0) throw invalid(`content ${name}内容不能为空`);
  if (n > NOTE_MAX_CHARS[kind]) throw invalid(`content ${name}不能超过 ${NOTE_MAX_CHARS[kind]} 字（现有 ${n} 字）`);
  sensitive?.refuse('content', clean);
  return clean;
}

/** A 注释 may nest in or hold another, never partly overlap one. */
async function refusePartialOverlap(db: Exec, essayId: number, range: { start: number; end: number }, exceptId?: number) {
  for (const g of await q.glossRanges(db, essayId, exceptId))
    if (overlapsPartly(range, { start: g.start!, end: g.end! }))
      throw invalid(`start 注释与已有注释（第 ${g.start! + 1}–${g.end} 字）部分重叠：注释可以嵌套，不能交错`);
}

export async function listNotes(db: Db, essayId: number, viewerId?: number) {
  const e = await q.essayOf(db, essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const rows = await q.approvedOf(db, essayId, viewerId);
  return { list: rows.filter((r) => !r.n.anchorLost).map(present) };
}

export async function proposeNote(db: Db, rt: { sensitive: SensitiveWords }, me: UserRow, body: CallParsed<'proposeNote'>['body']) {
  const e = await q.essayOf(db, body.essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const content = cleanContent(body.kind, body.content, rt.sensitive);
  const hasStart = body.start !== undefined;
  if (hasStart !== (body.end !== undefined)) throw invalid('end 开始与结束位置须同时给出');
  let anchor: { start: number; end: number; quote: string } | null = null;
  if (hasStart) {
    const plain = plainOfEssay(e);
    const problem = anchorProblem(cpLength(plain), body.start!, body.end!);
    if (problem) throw invalid(`start ${problem}`);
    const quote = sliceCp(plain, body.start!, body.end!);
    if (body.quote !== undefined && body.quote !== quote) throw invalid('quote 所选文字与正文不符，请刷新后重新选择');
    anchor = { start: body.start!, end: body.end!, quote };
  } else if (ANCHORED_KINDS.includes(body.kind)) throw invalid(`start ${NOTE_KIND_NAMES[body.kind]}须选中正文中的文字`);
  if (body.kind === 'gloss' && anchor) await refusePartialOverlap(db, e.id, anchor);
  if (body.kind === 'remark' && !body.commentator) throw invalid('commentator 评须写明评者');
  if (body.commentator) rt.sensitive.refuse('commentator', body.commentator);
  if (await isBlocked(db, e.authorId, me.id)) throw new AppError('A0301', '对方已将你拉黑，无法为其作品提交注释');
  if (!(await allow(db, { key: `note:${me.id}`, windowMs: DAY_MS }, NOTE_LIMITS.proposalsPerDay)))
    throw new AppError('A0501', `每天最多提交 ${NOTE_LIMITS.proposalsPerDay} 条注释，请明天再来`);
  const id = await db.transaction(async (tx) => {
    const id = await q.insertNote(tx, {
      essayId: e.id,
      kind: body.kind,
      start: anchor?.start ?? null,
      end: anchor?.end ?? null,
      quote: anchor?.quote ?? null,
      commentator: body.kind === 'remark' ? (body.commentator ?? null) : null,
      content,
      status: 'pending',
      origin: 'reader',
      writerId: me.id,
    });
    await q.insertRevision(tx, { noteId: id, editorId: me.id, action: 'propose', before: null, after: content });
    return id;
  });
  return present((await q.loadNote(db, id))!);
}

function mustReview(me: UserRow) {
  if (!canReviewNotes(me)) throw forbidden();
}

export async function pageForReview(db: Db, me: UserRow, query: CallParsed<'adminNotesPage'>['query']) {
  mustReview(me);
  const { rows, ...total } = await q.pageForReview(
    db,
    { status: query.status, essayId: query.essayId },
    query.pageSize,
    (query.pageNum - 1) * query.pageSize,
  );
  return { ...total, list: rows.map(presentAdmin) };
}

export async function reviewNote(
  db: Db,
  rt: { sensitive: SensitiveWords },
  me: UserRow,
  id: number,
  body: CallParsed<'reviewNote'>['body'],
) {
  mustReview(me);
  const n = await q.findNote(db, id);
  if (!n || n.status === 'deleted') throw notFound('注释不存在');
  const content = body.content !== undefined ? cleanContent(n.kind, body.content, rt.sensitive) : n.content;
  if (body.action === 'reject' && !body.reason) throw invalid('reason 驳回须写明理由');
  if (body.action === 'reject' && n.status !== 'pending') throw invalid('action 只能驳回待审核的注释');
  if (body.action === 'edit' && n.status === 'rejected') throw invalid('action 已驳回的注释不能修改');
  if (body.action === 'approve' && n.kind === 'gloss' && n.start !== null && !n.anchorLost)
    await refusePartialOverlap(db, n.essayId, { start: n.start, end: n.end! }, n.id);
  const now = new Date();
  await db.transaction(async (tx) => {
    switch (body.action) {
      case 'approve':
        await q.updateNote(tx, id, { status: 'approved', content, reviewerId: me.id, reviewedAt: now });
        break;
      case 'edit':
        await q.updateNote(tx, id, { content });
        break;
      case 'reject':
        await q.updateNote(tx, id, { status: 'rejected', rejectReason: body.reason!, reviewerId: me.id, reviewedAt: now });
        if (n.writerId) {
          const e = await q.essayOf(tx, n.essayId);
          await notify(tx, {
            userId: n.writerId,
            type: 'system',
            actorId: null,
            essayId: n.essayId,
            content: `你为《${e?.title ?? '作品'}》提交的${NOTE_KIND_NAMES[n.kind]}未通过审核：${body.reason}`,
          });
        }
        break;
      case 'delete':
        await q.updateNote(tx, id, { status: 'deleted', reviewerId: me.id, reviewedAt: now });
        break;
    }
    await q.insertRevision(tx, {
      noteId: id,
      editorId: me.id,
      action: body.action,
      before: n.content,
      after: content,
      reason: body.reason ?? null,
    });
  });
  return presentAdmin((await q.loadNote(db, id))!);
}

export async function noteHistory(db: Db, me: UserRow, id: number): Promise<{ list: NoteRevision[] }> {
  mustReview(me);
  if (!(await q.findNote(db, id))) throw notFound('注释不存在');
  const rows = await q.historyOf(db, id);
  return {
    list: rows.map(({ r, editorNickname, editorAvatar }) => ({
      id: r.id,
      editor: r.editorId && editorNickname !== null ? { id: r.editorId, nickname: editorNickname, avatar: editorAvatar } : null,
      action: r.action,
      before: r.before,
      after: r.after,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** 注释编辑 granted or taken back by an editor: the user's role stays, the change is audit-logged. */
export async function setNoteEditor(db: Db, broadcast: Broadcast, actor: Actor, id: number, on: boolean) {
  await changeUser(db, broadcast, id, (tx) =>
    auditedIn(
      tx,
      actor,
      { action: on ? 'grantNoteEditor' : 'revokeNoteEditor', targetType: 'user', targetId: id, summary: { noteEditor: on } },
      async () => {
        if (!(await setNoteEditorFlag(tx, id, on))) throw notFound('用户不存在');
      },
    ),
  );
  return { ok: true as const };
}

// ---------- anchors follow the text ----------

/**
 * A text's content changed: every note pointing into it finds its quote again (where it was, else the occurrence
 * nearest its old place) or is flagged lost. Runs inside the transaction that changes the text.
 */
export async function reanchorNotes(tx: Exec, essayId: number, text: { type: string; content: string }) {
  const plain = plainOfEssay(text);
  let moved = 0;
  let lost = 0;
  for (const n of await q.anchoredOf(tx, essayId)) {
    if (n.start === null || n.end === null || n.quote === null) continue;
    const found = reanchor({ start: n.start, end: n.end, quote: n.quote }, plain);
    if (!found) {
      if (!n.anchorLost) {
        await q.updateNote(tx, n.id, { anchorLost: true });
        await q.insertRevision(tx, { noteId: n.id, editorId: null, action: 'reanchor', before: `${n.start}-${n.end}`, after: null });
        lost++;
      }
      continue;
    }
    if (found.start !== n.start || n.anchorLost) {
      await q.updateNote(tx, n.id, { start: found.start, end: found.end, anchorLost: false });
      await q.insertRevision(tx, {
        noteId: n.id,
        editorId: null,
        action: 'reanchor',
        before: `${n.start}-${n.end}`,
        after: `${found.start}-${found.end}`,
      });
      moved++;
    }
  }
  return { moved, lost };
}

// ---------- the corpus's own notes and the starter notes ----------

export interface NotesImportSummary {
  added: number;
  /** Corpus notes whose X was not found in their paragraph (kept without a place). */
  unanchored: number;
}

/** Notes from the corpus's kept notes of every text that has some, and the starter library's notes; idempotent. */
export async function importNotes(db: Db): Promise<NotesImportSummary> {
  let added = 0;
  let unanchored = 0;
  let after = 0;
  for (;;) {
    const texts = await q.textsWithSourceNotes(db, after, 500);
    if (texts.length === 0) break;
    after = texts[texts.length - 1]!.id;
    const have = await q.importedKeysOf(
      db,
      texts.map((t) => t.id),
    );
    const rows: q.NoteInsert[] = [];
    for (const t of texts) {
      const made = corpusNotesOf(t.content, t.type === 'essay', (t.sourceNotes ?? []) as SourceNote[]);
      made.forEach((m, i) => {
        const importKey = `corpus:${t.importKey ?? t.id}:${i}`;
        if (m.unanchored) unanchored++;
        if (have.has(importKey)) return;
        rows.push({
          essayId: t.id,
          kind: m.kind,
          start: m.start,
          end: m.end,
          quote: m.quote,
          label: m.label,
          commentator: m.commentator,
          content: sanitizeNote(m.content),
          status: 'approved',
          origin: 'corpus',
          importKey,
        });
      });
    }
    for (let i = 0; i < rows.length; i += 1000) added += await q.insertImported(db, rows.slice(i, i + 1000));
  }
  added += await importStarterNotes(db);
  return { added, unanchored };
}

async function importStarterNotes(db: Db): Promise<number> {
  let added = 0;
  for (const s of STARTER_NOTES) {
    const [t] = await q.textsByTitle(db, s.title, s.author);
    if (!t) continue;
    const plain = plainOfEssay(t);
    const key = `starter:${t.importKey ?? t.id}`;
    const rows: q.NoteInsert[] = [];
    const placed: { start: number; end: number }[] = [];
    s.glosses.forEach(([quote, content], i) => {
      const chars = Array.from(plain);
      const want = Array.from(quote);
      let at = -1;
      for (let j = 0; j + want.length <= chars.length && at < 0; j++) if (want.every((c, k) => chars[j + k] === c)) at = j;
      if (at < 0) return;
      const range = { start: at, end: at + want.length };
      if (placed.some((p) => overlapsPartly(p, range))) return;
      placed.push(range);
      rows.push({
        essayId: t.id,
        kind: 'gloss',
        ...range,
        quote,
        content: sanitizeNote(content),
        status: 'approved',
        origin: 'starter',
        importKey: `${key}:g${i}`,
      });
    });
    const lines = linesOf(plain);
    s.lines.forEach((text, i) => {
      if (!text) return;
      const whole = s.lines.length === 1 && lines.length >= 1;
      const range = whole ? { start: 0, end: cpLength(plain) } : lines[i];
      if (!range || range.end <= range.start) return;
      rows.push({
        essayId: t.id,
        kind: 'translation',
        start: whole ? null : range.start,
        end: whole ? null : range.end,
        quote: whole ? null : sliceCp(plain, range.start, range.end),
        content: sanitizeNote(text),
        status: 'approved',
        origin: 'starter',
        importKey: `${key}:t${i}`,
      });
    });
    added += await q.insertImported(db, rows);
  }
  return added;
}

// ---------- a person's notes ----------

/** What a person's copy of their data holds of notes: what they wrote and what they changed. */
export async function notesDataOf(db: Exec, userId: number) {
  const [written, revisions] = await Promise.all([q.notesOfWriter(db, userId), q.revisionsByEditor(db, userId)]);
  return {
    notes: written.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    noteRevisions: revisions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** Account deletion (inside its transaction): see queries.forgetWriter. */
export const forgetNotesOf = (tx: Exec, userId: number, removeContent: boolean) => q.forgetWriter(tx, userId, removeContent);

// ---------- reports ----------

export { noteTargets } from './queries.js';

/** A note a reader can see (approved), for a report: its writer's id (0 for the corpus's and the library's own). */
export async function reportableNote(db: Exec, id: number): Promise<{ writerId: number } | null> {
  const n = await q.findNote(db, id);
  return n && n.status === 'approved' ? { writerId: n.writerId ?? 0 } : null;
}

/** A reported note taken down by an editor (inside the report's resolution). */
export async function removeNoteInTx(tx: Exec, id: number, editorId: number, why: string) {
  const n = await q.findNote(tx, id);
  if (!n || n.status === 'deleted') return null;
  await q.updateNote(tx, id, { status: 'deleted', reviewerId: editorId, reviewedAt: new Date() });
  await q.insertRevision(tx, { noteId: id, editorId, action: 'delete', before: n.content, after: n.content, reason: why.slice(0, 200) });
  return n.essayId;
}
