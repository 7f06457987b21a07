import type { QueryClient } from '@tanstack/react-query';
import { discoveryQueries } from '../../api/queries/index.js';
import { authorName, AUTHOR_PAGE_SIZE } from './index.js';

/**
 * The first page of an author's works, as the page asks for it (the server prerenders with it: ssr/render.tsx).
 * False for a name the page would not look up, or one nobody cites: the server then sends its plain page (a 404).
 */
export async function prefetchAuthor(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const name = authorName(params.get('name'));
  if (!name) return false;
  await client.prefetchInfiniteQuery(discoveryQueries.authorEssays(name, AUTHOR_PAGE_SIZE));
  return client.getQueryState(discoveryQueries.authorEssays(name, AUTHOR_PAGE_SIZE).queryKey)?.status === 'success';
}
