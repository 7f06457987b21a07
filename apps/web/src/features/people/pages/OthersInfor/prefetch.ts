import type { QueryClient } from '@tanstack/react-query';
import { pickOne } from '../../../discovery/index.js';
import { prefetchPerson } from '../../components/prefetchPerson.js';
import { authorEssaysQuery, KINDS, SORTS } from './AuthorEssays.js';

/**
 * Someone's profile and the first page of the tab of their texts the URL opens (`tab`, `sort`), as a visitor's page
 * asks for them (the server prerenders with them: ssr/render.tsx). False for a malformed id or nobody: the server
 * then sends its plain page (a 404).
 */
export async function prefetchProfile(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const id = await prefetchPerson(client, params);
  if (id === null) return false;
  const kind = pickOne(params.get('tab'), KINDS, 'all');
  const sort = pickOne(params.get('sort'), SORTS, 'new');
  await client.prefetchInfiniteQuery(authorEssaysQuery(id, kind, sort));
  return true;
}
