import { textOf } from '../../../../lib/html.js';

export interface Heading {
  id: string;
  title: string;
  level: 2 | 3;
}

/**
 * Gives the h2/h3 headings of an essay's (server-sanitised) HTML ids for the outline, and lists them. The
 * sanitiser leaves headings without attributes (`<h2>…</h2>`), so ids are added by reading the markup, the same in
 * the browser and while the server prerenders the page.
 */
export function prepareContent(html: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const out = html.replace(/<(h[23])>([\s\S]*?)<\/\1>/gi, (_whole, tag: string, inner: string) => {
    const n = headings.length + 1;
    const id = `section-${n}`;
    headings.push({ id, title: textOf(inner).trim() || `第 ${n} 节`, level: tag.toLowerCase() === 'h2' ? 2 : 3 });
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
  return { html: out, headings };
}
