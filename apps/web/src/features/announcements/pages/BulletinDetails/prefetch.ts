import type { QueryClient } from '@tanstack/react-query';
import { announcementQueries } from '../../api/announcements.js';
import { parseIdParam } from '../../../../hooks/useSearchParamChoice.js';

/**
 * The announcement the page shows, as a visitor's page asks for it (the server prerenders with it: ssr/render.tsx).
 * False for a malformed id or one that is not published: the server then sends its plain page (a 404).
 */
export async function prefetchBulletin(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const id = parseIdParam(params.get('id'));
  if (id === null) return false;
  try {
    await client.fetchQuery(announcementQueries.one(id, false));
    return true;
  } catch {
    return false;
  }
}
