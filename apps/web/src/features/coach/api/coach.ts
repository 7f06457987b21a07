import { defineCallWrite, defineDomain } from '../../../api/define.js';

/**
 * The 仿写 coach: the background 对仗 check of a draft (no mask, no toast: the editor asks while the writer types)
 * and an imitation's kept scores, which its writer may show to everyone.
 */
const essays = defineDomain('essays');

export const coachKeys = { scores: essays.call('imitationScores') };

export const coachQueries = {
  parallel: (originalId: number, draft: string) => ({
    ...essays.query('coachParallel', { body: { originalId, draft } }, { silent: true, quietCodes: ['A0400', 'A0404', 'A0501', 'B0001'] }),
    staleTime: Infinity,
    retry: false,
  }),
  scores: (id: number) => ({
    ...essays.query('imitationScores', { params: { id } }, { silent: true, quietCodes: ['A0404'] }),
    retry: false,
  }),
};

export const useSetImitationScoresPublic = defineCallWrite('setImitationScoresPublic', {
  onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: coachKeys.scores }),
});
