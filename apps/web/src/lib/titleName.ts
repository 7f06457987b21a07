import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The name of what the showing page is about (a text's title, a classification's, an author's, an announcement's,
 * a user's nickname), for the tab title `拾句 | <route title> · <name>`. A page names itself with useTitleName;
 * the shell reads it with useTitleNameFor. The name is held with the path it was given on, so a page that has just
 * been left cannot lend its name to the next one, and a kept page that is hidden (its effects stop) takes it back.
 */
interface Named {
  pathname: string;
  name: string;
}

let current: Named | null = null;
const listeners = new Set<() => void>();

function set(next: Named | null): void {
  current = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name given on `pathname`, if the page there gave one. */
export function titleNameFor(pathname: string): string | null {
  return current && current.pathname === pathname ? current.name : null;
}

/** Names the showing page in the tab title while it is mounted and visible; nothing (yet) leaves the route title alone. */
export function useTitleName(name: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return;
    const mine: Named = { pathname, name };
    set(mine);
    return () => {
      if (current === mine) set(null);
    };
  }, [pathname, name]);
}

/** The name of the page showing at `pathname`, re-rendering when it changes. */
export function useTitleNameFor(pathname: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => titleNameFor(pathname),
    () => null,
  );
}
