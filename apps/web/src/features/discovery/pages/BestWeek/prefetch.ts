import type { QueryClient } from '@tanstack/react-query';
import { challengeQueries } from '../../../challenges/index.js';
import { discoveryQueries } from '../../api/discovery.js';
import { requestedWeek } from './index.js';

/**
 * The week 每周精选 shows a visitor, as the page asks for it (the server prerenders with it: ssr/render.tsx): the
 * latest, or the one `?week=` names. False for a week that was never frozen (the page's not-found): the server then
 * sends its plain page.
 */
export async function prefetchBestWeek(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const week = requestedWeek(params.get('week'));
  const query = discoveryQueries.bestWeek(week);
  // 每周仿写's winners beside the list are drawn by the server too (the app then has nothing to ask).
  await Promise.all([client.prefetchQuery(query), client.prefetchQuery(challengeQueries.closed(week))]);
  return client.getQueryState(query.queryKey)?.status === 'success';
}
