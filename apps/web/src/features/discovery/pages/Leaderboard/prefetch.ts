import type { QueryClient } from '@tanstack/react-query';
import { classificationQueries } from '../../../classifications/index.js';
import { rankingChoice, rankingList } from './index.js';

/**
 * Every answer 排行榜 draws from for a visitor, as the page asks for them (the server prerenders with them:
 * ssr/render.tsx): the first page of the ranking the address chooses, and the classifications of its filter. False
 * when the ranking cannot be had: the server then sends its plain page.
 */
export async function prefetchLeaderboard(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const list = rankingList(rankingChoice(params));
  await Promise.all([client.prefetchInfiniteQuery(list), client.prefetchQuery(classificationQueries.list())]);
  return client.getQueryState(list.queryKey)?.status === 'success';
}
