import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterEssayRemoved, essayQueries } from './essays.js';
import { interestQueries } from '../../interests/index.js';
import { userQueries } from '../../account/index.js';

const page = { pages: [{ list: [], total: 0, totalCapped: false, nextCursor: null }], pageParams: [null] };

describe('afterEssayRemoved', () => {
  it('marks every list that may still show the deleted text out of date, 首页 feed included', async () => {
    const queryClient = new QueryClient();
    const feeds = [essayQueries.feed({ sort: 'new' }).queryKey, essayQueries.feed({ sort: 'hot' }).queryKey];
    const others = [
      essayQueries.byAuthor({ authorId: 3, sort: 'new' }, 10).queryKey,
      essayQueries.own('published', 10).queryKey,
      interestQueries.feed(10).queryKey,
      userQueries.profile(3).queryKey,
    ];
    for (const key of [...feeds, ...others]) queryClient.setQueryData(key, page);
    queryClient.setQueryData(essayQueries.details(7).queryKey, undefined);

    await afterEssayRemoved(queryClient);

    for (const key of [...feeds, ...others]) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(queryClient.getQueryData(essayQueries.details(7).queryKey)).toBeUndefined();
  });

  it('leaves what a deletion cannot change alone', async () => {
    const queryClient = new QueryClient();
    const interests = interestQueries.mine().queryKey;
    queryClient.setQueryData(interests, { tagIds: [1] });
    await afterEssayRemoved(queryClient);
    expect(queryClient.getQueryState(interests)?.isInvalidated).toBe(false);
  });
});
