import type { QueryClient } from '@tanstack/react-query';
import { pickOne } from '../../../discovery/index.js';
import { RELATION_TYPES, relationsQuery } from '../../components/RelationList.js';
import { prefetchPerson } from '../../components/prefetchPerson.js';

/**
 * Whose relations these are and the first page of the list the URL opens (`type`), as a visitor's page asks for
 * them (the server prerenders with them: ssr/render.tsx). False for a malformed id or nobody (a 404).
 */
export async function prefetchRelations(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const id = await prefetchPerson(client, params);
  if (id === null) return false;
  await client.prefetchInfiniteQuery(relationsQuery(id, pickOne(params.get('type'), RELATION_TYPES, 'following')));
  return true;
}
