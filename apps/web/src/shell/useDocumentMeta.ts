import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { namedRouteTitle } from '@shiju/contract/pages';
import { pageTitle, SITE_META, type RouteHandle } from './routeHandle.js';
import { titleNameFor, useTitleNameFor } from '../lib/titleName.js';

/**
 * The address the server rendered this document for, when it did (its head tags carry data-ssr): those tags
 * describe that page better than the route's generic ones, so they stay until the reader goes elsewhere.
 */
const serverRendered =
  typeof document !== 'undefined' && document.head.querySelector('[data-ssr]') ? window.location.pathname + window.location.search : null;

/** Set once the reader has left the page the server rendered (coming back to its address is then a new visit). */
let leftServerPage = false;

function setMeta(name: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Title `拾句 | <route title>` (with ` · <name>` when the page names what it shows, useTitleName) and the meta tags of
 * the current route.
 */
export function useDocumentMeta(handle: RouteHandle | undefined): void {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const title = handle?.title;
  const name = useTitleNameFor(pathname);
  const keywords = handle?.meta?.keywords ?? SITE_META.keywords;
  const description = handle?.meta?.description ?? SITE_META.description;
  useEffect(() => {
    if (!title) return;
    // Read afresh: the page's own effect (a child's, so it ran first) may have named it in this same commit.
    const named = titleNameFor(pathname);
    // The server titled the page it rendered with its name already; that title stays until the app has the name too.
    if (here !== serverRendered) leftServerPage = true;
    else if (!named && !leftServerPage && document.title.startsWith(`${pageTitle(title)} · `)) return;
    document.title = pageTitle(namedRouteTitle(title, named));
  }, [title, name, pathname, here]);
  useEffect(() => {
    if (here === serverRendered) return;
    // Canonical, Open Graph, JSON-LD and feed links of the page the server rendered belong to that page only.
    for (const el of document.head.querySelectorAll('[data-ssr]')) el.remove();
    setMeta('keywords', keywords);
    setMeta('description', description);
  }, [title, keywords, description, here]);
}
