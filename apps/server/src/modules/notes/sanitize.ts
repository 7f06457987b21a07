/**
 * A note's text: plain text with only <em> and <ruby>…<rt>…</rt></ruby>, everything else dropped, and its length in
 * characters (code points of the text a reader sees, markup not counted).
 */
import sanitizeHtml from 'sanitize-html';
import { cpLength } from '@shiju/contract/anchors';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['em', 'ruby', 'rt'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

export function sanitizeNote(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The characters a reader sees of a sanitised note. */
export function noteText(clean: string): string {
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export const noteLength = (clean: string) => cpLength(noteText(clean).trim());
