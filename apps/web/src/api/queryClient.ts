import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { essayKeys } from './queries/essays.js';
import { quietly } from './request.js';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every request shows the mask and every failure a toast (seed §9): never repeat them on our own.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache. */
export const queryClient = createQueryClient();

/** Where the server puts the answers it drew its page from (modules/seo, ssr/render.tsx). */
export const SERVER_STATE_ID = 'shiju-state';

/**
 * Takes the answers the server drew its page from, so the app draws (takes over) the same page at once instead of
 * asking again. True when there were some: the page in #root is then the app's own markup.
 */
export function applyServerState(doc: Document = document): boolean {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(el.textContent) as DehydratedState);
    return true;
  } catch {
    return false;
  }
}

/**
 * Once the app has taken the server's page over (a visitor's: main.tsx): a text's details are asked again, since
 * that call counts the reader's view. In the background: the page is already on screen, so no loading mask.
 */
export function refreshServerState(): void {
  quietly(() => void queryClient.refetchQueries({ queryKey: essayKeys.details, type: 'active' }));
}
