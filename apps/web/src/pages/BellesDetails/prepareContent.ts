export interface Heading {
  id: string;
  title: string;
  level: 2 | 3;
}

/**
 * Gives the h2/h3 headings of an essay's (server-sanitised) HTML ids for the outline, and lists them. The
 * HTML is parsed inertly (DOMParser runs no scripts) and only id attributes are added.
 */
export function prepareContent(html: string): { html: string; headings: Heading[] } {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const headings: Heading[] = [];
  doc.body.querySelectorAll('h2, h3').forEach((el, i) => {
    const id = `section-${i + 1}`;
    el.id = id;
    headings.push({ id, title: el.textContent?.trim() || `第 ${i + 1} 节`, level: el.tagName === 'H2' ? 2 : 3 });
  });
  return { html: doc.body.innerHTML, headings };
}
