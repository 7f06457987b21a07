import type { QueryClient } from '@tanstack/react-query';
import { discoveryQueries } from '../../api/discovery.js';
import { prefetchHotSearches, prefetchTagHomes } from '../../components/index.js';
import { facetFilter, SEARCH_PAGE_SIZE, searchTerm, searchType } from './index.js';

/**
 * Every answer the search page draws from for a visitor (the server prerenders with them: ssr/render.tsx): the
 * first page of results; the hot searches where it shows them (before a search, and when nothing is found); the
 * classifications and, beside tag results, their tags (where a tag leads). False when the search itself failed.
 */
export async function prefetchSearch(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const q = searchTerm(params.get('q'));
  if (!q) {
    await prefetchHotSearches(client);
    return true;
  }
  const type = searchType(params.get('type'));
  // One's own library is searched in the browser, signed in; the server draws the page around it.
  if (type === 'mine') return true;
  const filter = type === 'essay' ? facetFilter(params.get('essayType'), params.get('cls'), params.get('dynasty')) : {};
  const search = discoveryQueries.search(q, type, SEARCH_PAGE_SIZE, filter);
  let found;
  try {
    found = await client.fetchInfiniteQuery(search);
  } catch {
    return false;
  }
  await Promise.all([
    found.pages[0]?.list.length ? undefined : prefetchHotSearches(client),
    // The results ask for the tags' classifications (their tags only beside tag results).
    prefetchTagHomes(client, type === 'tag').catch(() => undefined),
  ]);
  return true;
}
