import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Note } from '@shiju/contract';
import { noteQueries } from '../api/notes.js';
import { readLocal, writeLocal } from '../../../lib/storage.js';
import { notedMarkup, type TranslationMode } from './marks.js';

const MODE_KEY = 'shiju.notes.translation';
const NO_NOTES: Note[] = [];

export interface NotesView {
  notes: Note[];
  mode: TranslationMode;
  setMode: (mode: TranslationMode) => void;
  /** The text's markup with its 注释 (and in line mode its 译文) drawn in; null when it has no notes to draw. */
  markup: string | null;
}

/**
 * A published text's notes and how its 译文 show (the reader's choice, kept in the browser; the server draws the
 * block, which moves nothing until a reader who chose lines arrives).
 */
export function useNotesView(essay: { id: number; type: 'sentence' | 'essay'; content: string; status: string }, html: string): NotesView {
  const published = essay.status === 'published';
  const query = useQuery({ ...noteQueries.ofEssay(essay.id), enabled: published });
  const notes = query.data?.list ?? NO_NOTES;
  const [mode, setModeState] = useState<TranslationMode>('block');
  useEffect(() => {
    if (readLocal(MODE_KEY) === 'line') setModeState('line');
  }, []);
  const setMode = (m: TranslationMode) => {
    setModeState(m);
    writeLocal(MODE_KEY, m);
  };
  const source = essay.type === 'essay' ? html : essay.content;
  const markup = useMemo(
    () =>
      notes.some((n) => n.kind === 'gloss' || n.kind === 'translation') ? notedMarkup(source, essay.type === 'essay', notes, mode) : null,
    [source, essay.type, notes, mode],
  );
  return { notes, mode, setMode, markup };
}
