import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { adminKeys, type AdminQuery } from '../../../api/keys.js';
import { defineCallWrite } from '../../../api/define.js';
import { noteKeys } from './notes.js';

/** The console's side of notes (loaded with the console only): the review queue, a note's history, the writes. */
export const noteReviewQueries = {
  /** Under the console's keys, so any console write refreshes it. */
  queue: (query: AdminQuery<'adminNotesPage'>) =>
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
