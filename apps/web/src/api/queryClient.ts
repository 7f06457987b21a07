import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { essayKeys } from './queries/essays.js';

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
 * Texts whose details arrived with the server's page: the server's own calls count no view (http/prerender.ts), so
 * each one's view is still owed, paid once by the text's page (`takeOwedView`) with the small essayView call.
 */
const owedViews = new Set<number>();

/** The id of a cached essayDetails answer (`[essays, essayDetails, { body: { id } }]`), else null. */
function detailsId(key: readonly unknown[]): number | null {
  if (key.length < 3 || !essayKeys.details.every((part, i) => key[i] === part)) return null;
  const id = (key[2] as { body?: { id?: unknown } } | null)?.body?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
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
  for (const q of state.queries) {
    const id = q.state.status === 'success' ? detailsId(q.queryKey) : null;
    if (id !== null) owedViews.add(id);
  }
  return true;
}

/**
 * True once for a text whose details came with the server's page (the app did not ask for them, so no view was
 * counted): its page then counts the view itself. False when the app fetched the details, which counted it.
 */
export function takeOwedView(id: number): boolean {
  return owedViews.delete(id);
}
