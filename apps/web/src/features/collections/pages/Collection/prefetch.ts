import type { QueryClient } from '@tanstack/react-query';
import { collectionQueries } from '../../api/collections.js';
import { parseIdParam } from '../../../../hooks/useSearchParamChoice.js';

export const COLLECTION_PAGE_SIZE = 10;

/**
 * A public 收藏夹 and its first texts, as a visitor's page asks for them (the server prerenders with them:
 * ssr/render.tsx). False for a malformed id or a folder a visitor may not see: the server then sends its plain page.
 */
export async function prefetchCollection(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const id = parseIdParam(params.get('id'));
  if (id === null) return false;
  try {
    await Promise.all([
      client.fetchQuery(collectionQueries.one(id)),
      client.fetchInfiniteQuery(collectionQueries.items(id, COLLECTION_PAGE_SIZE)),
    ]);
    return true;
  } catch {
    return false;
  }
}
