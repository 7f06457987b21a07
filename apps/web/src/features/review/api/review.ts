import type { CallInput } from '@shiju/contract';
import { api } from '../../../api/client.js';
import { defineCallWrite, defineDomain, defineWrite } from '../../../api/define.js';

/** 每日回顾: today's cards, the streak and heat map, the opt-in. */
const review = defineDomain('review');

export const reviewKeys = { all: review.all, today: review.call('reviewToday'), stats: review.call('reviewStats') };

type Answers = NonNullable<CallInput<'reviewAnswers'>['body']>['answers'];

export const reviewQueries = {
  /**
   * Today's cards. Asked even when the browser says it is offline: the review page's service worker answers
   * from its copy of the day (networkMode 'always').
   */
  today: () => ({ ...review.query('reviewToday', {}), networkMode: 'always' as const, staleTime: 60_000 }),
  stats: () => review.query('reviewStats', {}),
};

/** 开启 / 关闭 每日回顾 or change the daily number: today's set and the stats follow. */
export const useReviewSettings = defineCallWrite('reviewSettings', {
  onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
});

/**
 * Sends answers (the outbox of the review page: one answered now, or those made offline). The answer is today's
 * cards as the server now has them; the stats refresh in the background.
 */
export const useSendReviewAnswers = defineWrite((answers: Answers) => api('reviewAnswers', { body: { answers } }), {
  onSuccess: (queryClient, data) => {
    queryClient.setQueryData(reviewQueries.today().queryKey, (old) => (old ? { ...old, cards: data.cards, streak: data.streak } : old));
    void queryClient.invalidateQueries({ queryKey: reviewKeys.stats });
  },
});
