import { z } from 'zod';
import { ADMIN_ERRORS_404, AdminPageQuery, Id, IdParams, inDomain, Ok, page, route, Timestamp } from '../schema.js';
import { NOTE_KINDS, NOTE_LIMITS } from '../notesCore.js';
import { AdminUserBrief, UserBrief } from './entities.js';

/**
 * 注释 · 译文 · 赏析 · 评 · 异文 on a text: readers propose, editors (and readers granted 注释编辑) review. Anchors count
 * code points of the text's plain form (`@shiju/contract/anchors`).
 */
export const NoteKind = z.enum(NOTE_KINDS);
export const NoteStatus = z.enum(['pending', 'approved', 'rejected', 'deleted']);

export const Note = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  kind: NoteKind,
  /** Code-point offsets into the plain form; null: the whole text (or a corpus note whose place was not found). */
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  quote: z.string().nullable(),
  /** The text changed and the quote is gone. */
  anchorLost: z.boolean(),
  commentator: z.string().nullable(),
  /** 注释's label (通假). */
  label: z.string().nullable(),
  /** Sanitised: plain text with only <em> and <ruby>…<rt>…</rt></ruby>. */
  content: z.string(),
  origin: z.enum(['reader', 'corpus', 'starter']),
  /** Who wrote it (已注销用户 once deleted); null for the corpus's own notes and the starter library's. */
  writer: UserBrief.nullable(),
  status: NoteStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Note = z.infer<typeof Note>;

export const AdminNote = Note.extend({
  writer: AdminUserBrief.nullable(),
  essayTitle: z.string().nullable(),
  reviewer: UserBrief.nullable(),
  rejectReason: z.string().nullable(),
  reviewedAt: Timestamp.nullable(),
});
export type AdminNote = z.infer<typeof AdminNote>;

export const NoteRevision = z.object({
  id: z.number().int(),
  editor: UserBrief.nullable(),
  action: z.enum(['propose', 'approve', 'edit', 'reject', 'delete', 'reanchor']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: Timestamp,
});
export type NoteRevision = z.infer<typeof NoteRevision>;

const Offset = z.number().int().min(0).max(1_000_000);

export const ProposeNoteBody = z.object({
  essayId: Id,
  kind: NoteKind,
  /** Both or neither: a passage, or (译文, 赏析, 评) the whole text. */
  start: Offset.optional(),
  end: Offset.optional(),
  /** The characters chosen, as the reader saw them; must match the text at those offsets. */
  quote: z.string().max(NOTE_LIMITS.quoteChars).optional(),
  content: z.string().max(NOTE_LIMITS.bodyChars),
  commentator: z.string().trim().max(40).optional(),
});

/**
 * The review calls are the console's, but not under /api/v1/admin (those are for editors only): readers granted
 * 注释编辑 make them too; the service checks who may.
 */
export const notesCalls = inDomain('notes', {
  essayNotes: route({
    id: 'essayNotes',
    method: 'GET',
    path: '/api/v1/app/essay/notes',
    auth: 'optional',
    summary: '作品的注释、译文、赏析、评与异文（已审核通过的）',
    query: z.object({ essayId: Id }),
    response: z.object({ list: z.array(Note) }),
    errors: ['A0400', 'A0404'],
    silent: true,
  }),
  proposeNote: route({
    id: 'proposeNote',
    method: 'POST',
    path: '/api/v1/app/essay/note',
    auth: 'required',
    summary: '为选中的段落（或全文）提交注释、译文、赏析、评或异文，等待审核（每天最多 20 条）',
    body: ProposeNoteBody,
    response: Note,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'A0501'],
  }),
  adminNotesPage: route({
    id: 'adminNotesPage',
    method: 'GET',
    path: '/api/v1/notes/review/page',
    auth: 'required',
    summary: '注释审核：待审、已通过或已驳回的注释（编辑与获授注释编辑的读者）',
    query: AdminPageQuery.extend({ status: NoteStatus.default('pending'), essayId: Id.optional() }),
    response: page(AdminNote),
    errors: [...ADMIN_ERRORS_404],
  }),
  reviewNote: route({
    id: 'reviewNote',
    method: 'POST',
    path: '/api/v1/notes/:id/review',
    auth: 'required',
    summary: '通过、修改或驳回（须写明理由，告知提交者）一条注释',
    params: IdParams,
    body: z.object({
      action: z.enum(['approve', 'edit', 'reject', 'delete']),
      /** approve / edit: the text as the editor leaves it (unchanged when left out). */
      content: z.string().max(NOTE_LIMITS.bodyChars).optional(),
      reason: z.string().trim().max(200).optional(),
    }),
    response: AdminNote,
    errors: [...ADMIN_ERRORS_404],
  }),
  noteHistory: route({
    id: 'noteHistory',
    method: 'GET',
    path: '/api/v1/notes/:id/history',
    auth: 'required',
    summary: '一条注释的修改记录（编辑者、时间、前后对照）',
    params: IdParams,
    response: z.object({ list: z.array(NoteRevision) }),
    errors: [...ADMIN_ERRORS_404],
  }),
  setNoteEditor: route({
    id: 'setNoteEditor',
    method: 'POST',
    path: '/api/v1/admin/users/:id/note-editor',
    auth: 'admin',
    summary: '授予或收回读者的注释编辑权限（记入操作日志；角色不变）',
    params: IdParams,
    body: z.object({ on: z.boolean() }),
    response: Ok,
    errors: [...ADMIN_ERRORS_404],
  }),
});
