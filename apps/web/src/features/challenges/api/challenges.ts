import type { QueryClient } from '@tanstack/react-query';
import { defineDomain } from '../../../api/define.js';

const challenges = defineDomain('challenges');

export const challengeKeys = { all: challenges.all };

export const challengeQueries = {
  /** 每周仿写: one challenge (the original, prompt, window and, once closed, the winners). */
  details: (id: number) => challenges.query('challengeDetails', { params: { id } }, { quietCodes: ['A0404'] }),
  /** Its entries: newest first while open, by rank once closed. */
  entries: (id: number, pageSize: number) =>
    challenges.paged('challengeEntries', (pageNum) => ({ params: { id }, query: { pageNum, pageSize } }), { quietCodes: ['A0404'] }),
  /** The challenges, newest first (past ones stay readable). */
  list: (pageSize: number) => challenges.query('challengesPage', { query: { pageNum: 1, pageSize } }),
  /**
   * The closed challenge shown beside a week's best: the one that closed in `week`, or the latest closed. Quiet:
   * 每周精选 reads well without it.
   */
  closed: (week?: string) =>
    challenges.query('challengesPage', { query: { pageNum: 1, pageSize: 1, closed: 'true', ...(week ? { week } : {}) } }, { silent: true }),
};

/** An entry was written: the challenge's count and entries refetch (in the background). */
export function afterChallengeEntered(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
}
