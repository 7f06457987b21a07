import type { CallInput, Essay } from '@shiju/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../api/client.js';
import type { ApiError } from '../../api/index.js';

type ListBody = NonNullable<CallInput<'essaysPage'>['body']>;
/** Filters and sort of es/essays/pc/page; paging is the hook's business. */
export type EssayFilter = Omit<ListBody, 'pageNum' | 'cursor'>;

interface FeedPage {
  list: Essay[];
  total: number;
  nextCursor: string | null;
}

export const ESSAY_FEED_KEY = 'essaysPage:cursor';

/**
 * Published texts as an infinite list paged by the server's keyset cursor (`nextCursor`): page 40 costs
 * what page 1 does. Items are de-duplicated by id, since a hot list can shift while it is being read.
 */
export function useEssayFeed(filter: EssayFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery<FeedPage, ApiError, { pages: FeedPage[] }, readonly unknown[], string | null>({
    queryKey: [ESSAY_FEED_KEY, filter],
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) =>
      callApi('essaysPage', { body: { ...filter, cursor: pageParam ?? undefined } }, { quietCodes: ['B0501'], signal }),
    getNextPageParam: (last) => (last.list.length > 0 && last.nextCursor ? last.nextCursor : undefined),
    enabled,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p.list).filter((e) => !seen.has(e.id) && seen.add(e.id));
  }, [pages]);
  return { ...query, items, total: pages?.[0]?.total ?? 0 };
}
