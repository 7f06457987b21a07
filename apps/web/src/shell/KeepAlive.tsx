import { Activity, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { KeptSearchContext } from '../lib/pageLocation.js';
import { useRouteHandle } from './routeHandle.js';

interface Kept {
  element: ReactNode;
  /** The page's own query string (`location.search`), frozen while it is hidden. */
  search: string;
  params: URLSearchParams;
}

/**
 * The routed page, with keep-alive for routes flagged `keepAlive` (docs/rules.md#routes).
 *
 * A kept page is not unmounted when left: React's <Activity> hides it (its effects stop, its state and loaded
 * lists stay) and it keeps reading its own query string (usePageSearchParams), not the address now showing.
 * Coming back shows the same instance and restores the window scroll. Every other navigation starts at the top.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const { id, handle } = useRouteHandle();
  const activeKey = handle?.keepAlive ? id : null;

  // The last element and address of each kept route, remembered while it shows (React's "adjust state while
  // rendering" pattern: the element of the final render before the route is left is the one kept).
  const [kept, setKept] = useState<ReadonlyMap<string, Kept>>(() => new Map());
  const current = activeKey === null ? undefined : kept.get(activeKey);
  if (activeKey !== null && (current?.element !== outlet || current.search !== location.search)) {
    const entry = { element: outlet, search: location.search, params: new URLSearchParams(location.search) };
    setKept((prev) => new Map(prev).set(activeKey, entry));
  }

  useScrollOnNavigate(location.key, activeKey);

  return (
    <>
      {[...kept.entries()].map(([key, entry]) => {
        const active = key === activeKey;
        return (
          <KeptPage key={key} id={key} active={active} params={entry.params}>
            {active ? outlet : entry.element}
          </KeptPage>
        );
      })}
      {activeKey === null && outlet}
    </>
  );
}

/**
 * One kept page: shown, or hidden by <Activity> while it reads the query string it had (`params`). The server draws
 * a kept route's page in the same frame, shown (ssr/render.tsx), so the app takes its markup over as it is.
 */
export function KeptPage({ id, active, params, children }: { id: string; active: boolean; params: URLSearchParams; children: ReactNode }) {
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div data-keep-alive={id}>
        <KeptSearchContext.Provider value={active ? null : params}>{children}</KeptSearchContext.Provider>
      </div>
    </Activity>
  );
}

/** Scroll to the top on every navigation, except back into a kept page, which gets its own position back. */
function useScrollOnNavigate(locationKey: string, activeKey: string | null): void {
  const saved = useRef(new Map<string, number>());
  const showing = useRef<string | null>(null);

  useEffect(() => {
    const onScroll = () => {
      if (showing.current) saved.current.set(showing.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const first = useRef(true);
  useLayoutEffect(() => {
    const returning = activeKey !== null && activeKey !== showing.current;
    showing.current = activeKey;
    // The first page starts where the reader is: at the top, or wherever they have scrolled the server's copy of it.
    if (first.current) {
      first.current = false;
      return;
    }
    const y = returning ? (saved.current.get(activeKey) ?? 0) : 0;
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
  }, [locationKey, activeKey]);
}
