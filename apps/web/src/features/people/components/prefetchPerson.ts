import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '../../account/index.js';
import { parseIdParam } from '../../../hooks/useSearchParamChoice.js';

/**
 * The profile a person's page (`?id=`) opens with, fetched for the server's drawing (ssr/render.tsx): their id, or
 * null for a malformed id or nobody (the server then sends its plain page, a 404).
 */
export async function prefetchPerson(client: QueryClient, params: URLSearchParams): Promise<number | null> {
  const id = parseIdParam(params.get('id'));
  if (id === null) return null;
  try {
    await client.fetchQuery(userQueries.profile(id));
    return id;
  } catch {
    return null;
  }
}
