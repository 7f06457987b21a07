/**
 * Reading the server's sanitised HTML (apps/server/src/lib/html.ts: a fixed allowlist, attributes only on links
 * and images) without a DOM, so the same code runs in the browser and while the server prerenders a page.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment (as the DOM's textContent: tags dropped, entities read). */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}
