import type { QueryClient } from '@tanstack/react-query';
import { defineCallWrite, defineDomain } from '../../../api/define.js';

/** 划线 and 想法: a text's 热门划线, public 想法 and the reader's own highlights; 我的划线 on /space. */
const highlights = defineDomain('highlights');

export const highlightKeys = { all: highlights.all };

export const highlightQueries = {
  ofEssay: (essayId: number) => highlights.query('essayHighlights', { query: { essayId } }, { quietCodes: ['A0404'] }),
  mine: (pageSize: number, order: 'date' | 'text', q: string) =>
    highlights.paged('myHighlights', (pageNum) => ({ query: { pageNum, pageSize, order, ...(q ? { q } : {}) } })),
};

/** A highlight or 想法 changed: the text's marks and panel, and 我的划线. */
const afterHighlightsChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: highlightKeys.all });
const effects = { onSuccess: afterHighlightsChanged };

export const useAddHighlight = defineCallWrite('addHighlight', effects);
export const useSetHighlightThought = defineCallWrite('setHighlightThought', effects);
export const useRemoveHighlight = defineCallWrite('removeHighlight', effects);
