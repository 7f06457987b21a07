/** The notes module's public surface (注释 · 译文 · 赏析 · 评 · 异文): other modules import only from here. */
export { noteHandlers } from './routes.js';
export {
  canReviewNotes,
  forgetNotesOf,
  importNotes,
  notesDataOf,
  noteTargets,
  reanchorNotes,
  removeNoteInTx,
  reportableNote,
  type NotesImportSummary,
} from './service.js';
export { corpusNotesOf } from './corpus.js';
export { STARTER_NOTES } from './starter.js';
