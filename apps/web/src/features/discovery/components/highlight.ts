/** One run of text and whether it matched a search word. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** More words than this only slow the pattern down; the server sends the query and its jieba words. */
const MAX_WORDS = 20;
const MAX_WORD_LENGTH = 50;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits `text` into plain and matching runs for the given words (case-insensitive, longest word first so
 * 明月几时 wins over 明月). The result is rendered as text nodes and <mark>s: never as HTML.
 */
export function splitHighlights(text: string, words: readonly string[]): TextPart[] {
  if (!text) return [];
  const terms = [...new Set(words.map((w) => w.trim()).filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH))]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_WORDS);
  if (terms.length === 0) return [{ text, match: false }];

  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
