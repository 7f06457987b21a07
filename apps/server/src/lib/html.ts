/**
 * User HTML is sanitised here, on every write, before it is stored. The allowlist keeps formatting, http(s)
 * links (forced rel="noopener nofollow") and images from our own uploads; everything else is dropped.
 */
import sanitizeHtml from 'sanitize-html';
import { isUploadUrl } from '@shiju/contract';
import { invalid } from '../http/errors.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'pre',
    'code',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener nofollow', target: '_blank' },
    }),
    h1: 'h2',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isUploadUrl(frame.attribs.src ?? ''),
};

/**
 * What one body of user HTML may hold before it reaches the sanitiser, whose work grows with the nesting depth
 * (66,000 unclosed `<b>` held the event loop for seconds), the number of tags, entities and the length of a tag.
 * A body within these costs at most ~25 ms of markup work on one core (`npm run bench:markup`).
 */
export const MARKUP_LIMITS = {
  /** Tags, opening and closing (a 20,000-character essay in 1,000 paragraphs, each with some emphasis, uses ~3,000). */
  tags: 4000,
  /** Elements open at once, as an HTML parser counts them (void elements and `/>` do not open). */
  depth: 40,
  /** Characters of one tag, `<` to `>` (its attributes: an address of a link or an image). */
  tagChars: 2048,
  /** Tags carrying attributes (links and images: the sanitiser checks each address, ~40 µs a tag). */
  attributed: 500,
  /** Character references (`&amp;`, `&#x4E00;`). */
  entities: 2000,
  /** Characters outside tags (an essay's text is at most 20,000; the rest leaves room for formatting whitespace). */
  text: 60000,
};
export type MarkupLimits = typeof MARKUP_LIMITS;

const VOID_TAGS = new Set(['br', 'img', 'hr', 'wbr', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'param', 'source', 'track']);
/** Tags an HTML parser closes when the same one opens again (`<p>a<p>b`, `<li>a<li>b`). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th', 'rt', 'rp']);
const NAME_CHAR = /[A-Za-z0-9:-]/;

/**
 * One linear pass over the body (each character looked at once; closing a tag looks at most `depth` names back):
 * what is over MARKUP_LIMITS, in words for the writer, or null.
 */
export function markupProblem(html: string, limits: MarkupLimits = MARKUP_LIMITS): string | null {
  const open: string[] = [];
  let tags = 0;
  let entities = 0;
  let attributed = 0;
  let text = 0;
  let i = 0;
  const n = html.length;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 38 /* & */) {
      const next = html[i + 1] ?? '';
      if (next === '#' || /[A-Za-z]/.test(next)) {
        if (++entities > limits.entities) return `包含的字符实体过多（最多 ${limits.entities} 个）`;
      }
      text++;
      i++;
      continue;
    }
    if (c !== 60 /* < */) {
      if (++text > limits.text) return `内容过长（标签外的文字最多 ${limits.text} 个字符）`;
      i++;
      continue;
    }
    const closing = html[i + 1] === '/';
    const nameStart = closing ? i + 2 : i + 1;
    const first = html[nameStart] ?? '';
    // `<` not starting a tag (`a < b`), a comment or a doctype: text or markup the parser skips; `<!` runs to `>`.
    if (first === '!' || first === '?') {
      const end = html.indexOf('>', nameStart);
      if (end < 0) break;
      if (++tags > limits.tags) return `标签过多（最多 ${limits.tags} 个）`;
      i = end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(first)) {
      text++;
      i++;
      continue;
    }
    let j = nameStart;
    while (j < n && NAME_CHAR.test(html[j]!)) j++;
    const name = html.slice(nameStart, j).toLowerCase();
    const end = html.indexOf('>', j);
    const stop = end < 0 ? n : end;
    if (stop - i + 1 > limits.tagChars) return `单个标签过长（最多 ${limits.tagChars} 个字符）`;
    if (++tags > limits.tags) return `标签过多（最多 ${limits.tags} 个）`;
    // Anything after the name but a closing `/` is an attribute.
    if (!closing && html.slice(j, stop).replace(/\/$/, '').trim() !== '') {
      if (++attributed > limits.attributed) return `带属性的标签（链接、图片）过多（最多 ${limits.attributed} 个）`;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
    } else if (!VOID_TAGS.has(name) && html[stop - 1] !== '/') {
      if (SELF_CLOSING_SIBLINGS.has(name) && open[open.length - 1] === name) open.pop();
      open.push(name);
      if (open.length > limits.depth) return `标签嵌套过深（最多 ${limits.depth} 层）`;
    }
    if (end < 0) break;
    i = end + 1;
  }
  return null;
}

/** Refuses (A0400, naming the field and the limit) a body of HTML over MARKUP_LIMITS, before any sanitising. */
export function refuseUnboundedMarkup(html: string, field: string, limits: MarkupLimits = MARKUP_LIMITS): void {
  const problem = markupProblem(html, limits);
  if (problem) throw invalid(`${field} ${problem}`);
}

/** Sanitised rich text; a body over MARKUP_LIMITS is refused first (A0400), so no request costs the sanitiser much. */
export function sanitizeRichText(html: string, field = 'content'): string {
  refuseUnboundedMarkup(html, field);
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of (sanitised) HTML: block ends become newlines, entities decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h2|h3|h4|blockquote|li|pre)>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A one-line summary of plain text, cut at `max` characters (counted as code points). */
export function summarize(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : chars.slice(0, max - 1).join('') + '…';
}

export const charCount = (s: string) => [...s].length;
