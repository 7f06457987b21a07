import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client.js';
import { adminKeys, type AdminQuery } from './admin.js';
import { defineCallWrite, defineDomain } from './define.js';

const notes = defineDomain('notes');

export const noteKeys = { all: notes.all };

export const noteQueries = {
  /** A text's approved notes: drawn by the server with the page (its prefetch), refreshed quietly. */
  ofEssay: (essayId: number) => notes.query('essayNotes', { query: { essayId } }, { quietCodes: ['A0404'] }),
  /** The console's review queue (under the console's keys, so any console write refreshes it). */
  review: (query: AdminQuery<'adminNotesPage'>) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'notes', query] as const,
      queryFn: ({ signal }) => api('adminNotesPage', { query }, { signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  history: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'noteHistory', id] as const,
      queryFn: ({ signal }) => api('noteHistory', { params: { id } }, { signal }),
      staleTime: 0,
    }),
};

/** A reader's proposal: it waits for review, so nothing shown changes. */
export const useProposeNote = defineCallWrite('proposeNote');

/** Approve, edit, reject or delete: the review queue and the text's notes refetch. */
export const useReviewNote = defineCallWrite('reviewNote', {
  onSuccess: async (queryClient) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: noteKeys.all }),
    ]);
  },
});

/** 注释编辑 granted or taken back; the console's user table shows it. */
export const useSetNoteEditor = defineCallWrite('setNoteEditor', {
  onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
});
