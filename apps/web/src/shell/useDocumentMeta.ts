import { useEffect } from 'react';
import { pageTitle, SITE_META, type RouteHandle } from './routeHandle.js';

function setMeta(name: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Title `拾句 | <route title>` and the meta tags of the current route. */
export function useDocumentMeta(handle: RouteHandle | undefined): void {
  const title = handle?.title;
  const keywords = handle?.meta?.keywords ?? SITE_META.keywords;
  const description = handle?.meta?.description ?? SITE_META.description;
  useEffect(() => {
    if (title) document.title = pageTitle(title);
    setMeta('keywords', keywords);
    setMeta('description', description);
  }, [title, keywords, description]);
}
