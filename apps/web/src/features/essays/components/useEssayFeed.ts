import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { essayQueries, type EssayFilter } from '../api/essays.js';

export type { EssayFilter } from '../api/essays.js';

/**
 * Published texts as an infinite list paged by the server's keyset cursor. Items are de-duplicated by id,
 * since a hot list can shift while it is being read.
 */
export function useEssayFeed(filter: EssayFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...essayQueries.feed(filter), enabled });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p.list).filter((e) => !seen.has(e.id) && seen.add(e.id));
  }, [pages]);
  return { ...query, items, total: pages?.[0]?.total ?? 0 };
}
