import type { CallInput } from '@shiju/contract';
import { api } from '../../../api/client.js';
import { defineDomain, defineWrite } from '../../../api/define.js';
import { interestKeys } from '../../../api/keys.js';

const interests = defineDomain('interests');
/** 为你推荐 (首页) and its preview on /myInterest: texts chosen by the reader's interests. */
const forYou = defineDomain('forYou');

export const interestQueries = {
  mine: () => interests.query('getInterests', {}),
  preview: () => forYou.query('hobbyList', {}),
  feed: (pageSize: number) => forYou.paged('hobbyPage', (pageNum) => ({ query: { pageNum, pageSize } })),
};

type InterestBody = NonNullable<CallInput<'createInterests'>['body']>;

/**
 * Saves the reader's interest tags: the first choice creates them, every later change updates them (docs/rules.md#calls-and-envelope).
 * The saved list is kept as answered; the feeds built from it refetch before the save counts as done.
 */
export const useSaveInterests = defineWrite(
  ({ first, body }: { first: boolean; body: InterestBody }) =>
    first ? api('createInterests', { body }) : api('updateInterests', { body }),
  {
    onSuccess: async (queryClient, saved) => {
      queryClient.setQueryData(interestQueries.mine().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: interestKeys.feeds });
    },
  },
);
