import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
} from 'react-router';
import { useRouteHandle } from './routeHandle.js';

interface Kept {
  element: ReactNode;
  location: Location;
}

/**
 * The routed page, with keep-alive for routes flagged `keepAlive` (seed §2, PRODUCT §7).
 *
 * A kept page is not unmounted when left: its last element stays rendered inside a hidden box, under a frozen
 * location so it does not react to the URL of the page now showing. Coming back shows the same instance
 * (state, loaded lists) and restores the window scroll. Every other navigation starts at the top.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { id, handle } = useRouteHandle();
  const activeKey = handle?.keepAlive ? id : null;

  // The last rendered element of each kept route. Written during render on purpose: it must hold the
  // element of the final render before the route is left, which no effect sees in time.
  const kept = useRef(new Map<string, Kept>());
  if (activeKey) kept.current.set(activeKey, { element: outlet, location });

  useScrollOnNavigate(location.key, activeKey);

  const live = useMemo(() => ({ location, navigationType }), [location, navigationType]);

  return (
    <>
      {[...kept.current.entries()].map(([key, entry]) => {
        const active = key === activeKey;
        return (
          <div key={key} hidden={!active} data-keep-alive={key}>
            <LocationContext.Provider value={active ? live : { location: entry.location, navigationType: NavigationType.Pop }}>
              {entry.element}
            </LocationContext.Provider>
          </div>
        );
      })}
      {activeKey === null && outlet}
    </>
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

  useLayoutEffect(() => {
    const returning = activeKey !== null && activeKey !== showing.current;
    showing.current = activeKey;
    const y = returning ? (saved.current.get(activeKey) ?? 0) : 0;
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
  }, [locationKey, activeKey]);
}
