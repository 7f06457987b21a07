import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Highlight, PopularPassage, PublicThought } from '@shiju/contract';
import { highlightQueries } from '../api/highlights.js';

const NONE: never[] = [];

/** A passage chosen in the text, in code points of its plain form. */
export interface Chosen {
  start: number;
  end: number;
  quote: string;
}

/** What the 想法 dialog is writing on: a highlight of the reader's, or a passage not marked yet. */
export type ThoughtTarget = { highlight: Highlight } | { chosen: Chosen };

export interface HighlightsView {
  essayId: number;
  mine: Highlight[];
  popular: PopularPassage[];
  thoughts: PublicThought[];
  thinking: ThoughtTarget | null;
  setThinking: (t: ThoughtTarget | null) => void;
  /** The passage a share card shows instead of the text's opening. */
  sharing: string | null;
  setSharing: (quote: string | null) => void;
}

/** A published text's highlights (the reader's own, 热门划线, public 想法) and the dialogs they open. */
export function useHighlightsView(essay: { id: number; status: string }): HighlightsView {
  const query = useQuery({ ...highlightQueries.ofEssay(essay.id), enabled: essay.status === 'published' });
  const [thinking, setThinking] = useState<ThoughtTarget | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  return {
    essayId: essay.id,
    mine: query.data?.mine ?? NONE,
    popular: query.data?.popular ?? NONE,
    thoughts: query.data?.thoughts ?? NONE,
    thinking,
    setThinking,
    sharing,
    setSharing,
  };
}
