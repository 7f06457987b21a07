import { useMatches } from 'react-router';
import { siteName } from 'virtual:shiju-calls';

/** What each route declares about itself in router.tsx. */
export interface RouteHandle {
  /** The part after `拾句 | ` in the page title. */
  title: string;
  /** Kept mounted (hidden) when left, restored with its scroll position on return. */
  keepAlive?: boolean;
  /** <meta name="keywords"> and <meta name="description"> (docs/rules.md#routes: home, classification details, best of the week). */
  meta?: { keywords: string; description: string };
}

export const SITE_META = {
  keywords: '拾句,句子,美文,好句子,经典语录,诗词,散文,书摘',
  description: '拾句：读句子、品美文，收藏打动你的每一句话，也写下你自己的句子。',
};

export function pageTitle(title: string): string {
  return `${siteName} | ${title}`;
}

/** The deepest matched route that declares a handle, with its id. */
export function useRouteHandle(): { id: string; handle: RouteHandle | undefined } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    if (m.handle) return { id: m.id, handle: m.handle as RouteHandle };
  }
  return { id: matches[matches.length - 1]?.id ?? '', handle: undefined };
}
