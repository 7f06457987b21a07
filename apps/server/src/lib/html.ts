/**
 * User HTML is sanitised here, on every write, before it is stored. The allowlist keeps formatting, http(s)
 * links (forced rel="noopener nofollow") and images from our own uploads; everything else is dropped.
 */
import sanitizeHtml from 'sanitize-html';
import { isUploadUrl } from '@shiju/contract';

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

export function sanitizeRichText(html: string): string {
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
