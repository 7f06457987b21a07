export { noteReviewQueries, useReviewNote, useSetNoteEditor } from './api/noteReview.js';
export { noteQueries } from './api/notes.js';
export { NotesLayer } from './components/NotesLayer.js';
export { NotesSection } from './components/NotesSection.js';
export { offsetAtPoint, rangeOf, selectionIn } from './components/selection.js';
export { useNotesView } from './components/useNotesView.js';
