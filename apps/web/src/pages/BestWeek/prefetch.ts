import type { QueryClient } from '@tanstack/react-query';
import { discoveryQueries } from '../../api/queries/index.js';
import { requestedWeek } from './index.js';

/**
 * The week 每周精选 shows a visitor, as the page asks for it (the server prerenders with it: ssr/render.tsx): the
 * latest, or the one `?week=` names. False for a week that was never frozen (the page's not-found): the server then
 * sends its plain page.
 */
export async function prefetchBestWeek(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const query = discoveryQueries.bestWeek(requestedWeek(params.get('week')));
  await client.prefetchQuery(query);
  return client.getQueryState(query.queryKey)?.status === 'success';
}
