import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { defineDomain } from '../../../api/define.js';

const open = defineDomain('open');

/** The address the server draws a page for, kept with the answers the page travels with (the 关于我们 examples). */
export function seedOrigin(client: QueryClient, origin: string): void {
  client.setQueryData(openQueries.origin().queryKey, origin);
}

export const openQueries = {
  /**
   * 随机一句 for our own pages: the server remembers the reader by cookie, so no token is sent. A drawn sentence
   * stays put (no refetch on focus or remount); 换一句 asks afresh with `refetch()`.
   */
  sentence: () => ({
    ...open.query('openSentence', { query: {} }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  }),
  /**
   * The site's address, for the open API's examples (关于我们): the browser's own, or, on a page the server drew, the
   * one the server drew it with (its PUBLIC_URL or the request's), kept so the app takes the same words over. Asked
   * of nobody: the server's prerenderer sets it, the browser reads its location.
   */
  origin: () =>
    queryOptions({
      queryKey: [...open.all, 'origin'],
      queryFn: () => window.location.origin,
      initialData: () => (typeof window === 'undefined' ? undefined : window.location.origin),
      staleTime: Infinity,
    }),
};
