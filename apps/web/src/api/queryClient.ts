import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every request shows the mask and every failure a toast (docs/rules.md#request-layer): never repeat them on our own.
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

/** The keys of the answers that came with the server's page (the ones it answered successfully). */
const fromServer: Array<readonly unknown[]> = [];

/** What the server's page brought along, for a feature that owes something for it (features/essays: the owed view). */
export function serverAnswerKeys(): ReadonlyArray<readonly unknown[]> {
  return fromServer;
}

/**
 * Takes the answers the server drew its page from, so the app draws (takes over) the same page at once instead of
 * asking again. True when there were some: the page in #root is then the app's own markup.
 */
export function applyServerState(doc: Document = document): boolean {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(el.textContent) as DehydratedState;
    hydrate(queryClient, state);
  } catch {
    return false;
  }
  for (const q of state.queries) if (q.state.status === 'success') fromServer.push(q.queryKey);
  return true;
}
