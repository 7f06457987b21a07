import { textOf } from '../../../../lib/html.js';

/** A line of verse is at most this many characters; a text with a longer paragraph is prose and wraps as prose. */
const VERSE_LINE_MAX = 48;
/** A run between clause stops longer than this is not a verse clause (the text wraps as prose). */
const VERSE_RUN_MAX = 16;

/** The stops a line may break after (with `word-break: keep-all` the browser breaks a Chinese line only there). */
const STOPS = /[，；：。？！、,;:?!]/;

/**
 * Whether a text is verse (short lines made of clauses), and its longest clause in characters, stop included: the
 * styles keep each clause on one line and shrink the type of the text when that clause would not fit its column.
 * Read from the text, not the DOM, so the server's prerender and the browser draw the same markup. `lines` are the
 * text's lines: a quote's content split at its newlines, or an essay's paragraphs.
 */
export function verseOf(lines: string[]): { longest: number } | null {
  let longest = 0;
  let any = false;
  for (const raw of lines) {
    const line = Array.from(raw.replace(/\s+/g, ''));
    if (!line.length) continue;
    if (line.length > VERSE_LINE_MAX) return null;
    any = true;
    let run = 0;
    for (const ch of line) {
      run += 1;
      if (STOPS.test(ch)) {
        longest = Math.max(longest, run);
        run = 0;
      }
    }
    longest = Math.max(longest, run);
  }
  return any && longest <= VERSE_RUN_MAX ? { longest } : null;
}

/** An essay's paragraphs (its sanitised HTML's blocks) as plain text. */
export function paragraphsOf(html: string): string[] {
  return html.split(/<\/(?:p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/i).map(textOf);
}
