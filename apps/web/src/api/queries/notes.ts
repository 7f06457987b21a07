import { defineCallWrite, defineDomain } from './define.js';

const notes = defineDomain('notes');

export const noteKeys = { all: notes.all, review: notes.call('adminNotesPage') };

export const noteQueries = {
  /** A text's approved notes: drawn by the server with the page (its prefetch), refreshed quietly. */
  ofEssay: (essayId: number) => notes.query('essayNotes', { query: { essayId } }, { quietCodes: ['A0404'] }),
  review: (status: 'pending' | 'approved' | 'rejected', pageSize: number) =>
    notes.paged('adminNotesPage', (pageNum) => ({ query: { status, pageNum, pageSize } })),
  history: (id: number) => notes.query('noteHistory', { params: { id } }),
};

/** A reader's proposal: it waits for review, so nothing shown changes. */
export const useProposeNote = defineCallWrite('proposeNote');

/** Approve, edit, reject or delete: the review queue and the text's notes refetch. */
export const useReviewNote = defineCallWrite('reviewNote', {
  onSuccess: (queryClient) => void queryClient.invalidateQueries({ queryKey: noteKeys.all }),
});

/** 注释编辑 granted or taken back; the console's user table shows it. */
export const useSetNoteEditor = defineCallWrite('setNoteEditor', {
  onSuccess: (queryClient) => void queryClient.invalidateQueries({ queryKey: ['users'] }),
});
