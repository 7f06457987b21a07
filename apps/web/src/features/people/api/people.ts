import type { CallData, Essay } from '@shiju/contract';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../../api/client.js';
import type { ApiError } from '../../../api/errors.js';
import { commentKeys } from '../../../api/keys.js';
import { defineDomain, defineWrite } from '../../../api/define.js';
import { discoveryKeys } from '../../../api/keys.js';
import { essayKeys, openKeys } from '../../../api/keys.js';
import { interestKeys } from '../../../api/keys.js';
import { messageKeys } from '../../../api/keys.js';
import { userKeys } from '../../../api/keys.js';
import { peopleKeys } from '../../../api/keys.js';

/** 关注 (the following feed), people to follow, and the blocked list. */
const people = defineDomain('people');
type FollowingPage = CallData<'followingFeed'> & { list: Essay[]; nextCursor: string | null };

export const peopleQueries = {
  /** Texts of the people the reader follows, paged by the server's keyset cursor. */
  following: (pageSize: number) =>
    infiniteQueryOptions<FollowingPage, ApiError, { pages: FollowingPage[] }, readonly unknown[], string | null>({
      queryKey: [...peopleKeys.following, pageSize],
      initialPageParam: null,
      queryFn: ({ pageParam, signal }) =>
        callApi('followingFeed', { query: { pageSize, cursor: pageParam ?? undefined } }, { signal }) as Promise<FollowingPage>,
      getNextPageParam: (last) => (last.list.length > 0 && last.nextCursor ? last.nextCursor : undefined),
    }),
  suggested: () => people.query('suggestedUsers', {}),
  blocks: (pageSize: number) => people.paged('myBlocks', (pageNum) => ({ query: { pageNum, pageSize } })),
};

/**
 * After blocking or unblocking: every list, feed and comment thread (the blocked person's texts and comments
 * leave or come back), rankings and best of the week, the random sentence, notifications, profiles (follows
 * between the two ended) and the blocked list.
 */
export async function afterBlockChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: essayKeys.all }),
    queryClient.invalidateQueries({ queryKey: discoveryKeys.all }),
    queryClient.invalidateQueries({ queryKey: openKeys.all }),
    queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    queryClient.invalidateQueries({ queryKey: interestKeys.feeds }),
    queryClient.invalidateQueries({ queryKey: commentKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  ]);
}

/**
 * 关注 / 取消关注. Profile counters refresh at once; relation lists and texts' details (their 关注 button) that are
 * showing keep their rows and refetch when shown next.
 */
export const useFollow = defineWrite(
  ({ userId, follow }: { userId: number; follow: boolean }) => api(follow ? 'follow' : 'unfollow', { params: { id: userId } }),
  {
    onSuccess: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.profiles }),
        queryClient.invalidateQueries({ queryKey: userKeys.relations, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: essayKeys.details, refetchType: 'none' }),
      ]),
  },
);

/** 拉黑 / 解除拉黑. */
export const useBlock = defineWrite(
  ({ userId, block }: { userId: number; block: boolean }) => api(block ? 'block' : 'unblock', { params: { id: userId } }),
  { onSuccess: (queryClient) => afterBlockChanged(queryClient) },
);
