/**
 * `@shiju/contract/anchors`: text anchors (docs/rules.md#anchors), shared by the server (validation, re-anchoring when a text
 * changes) and the browser (marking the text, choosing a passage). Nothing here may import zod.
 *
 * An anchor points into a text's **plain form** (`plainOf`) by **code-point** offsets — the count of PostgreSQL's
 * `char_length` and the browser's `Array.from`, so a character outside the Basic Multilingual Plane (𠮷) counts one —
 * plus the quoted characters. When the text changes, `reanchor` finds the quote again (the occurrence nearest the old
 * offset) or answers that the anchor is lost.
 */

export interface Anchor {
  /** Code points before the passage, in the plain form. */
  start: number;
  /** Code points before its end (exclusive). */
  end: number;
  /** The passage's characters. */
  quote: string;
}

/** Elements whose end starts a new line of the plain form. */
const BLOCK_END = /^<\/(p|h[1-6]|li|blockquote|div|pre)\s*>$|^<br\s*\/?>$/i;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(entity: string): string {
  const name = entity.slice(1, -1);
  if (name[0] === '#') {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED[name.toLowerCase()] ?? entity;
}

/**
 * One piece of a text as stored: a tag (`tag`), one character of the plain form with the source it was written as
 * (`char`, an entity counts one), or a line break the plain form has where a block ends (`tag` with `breaks`).
 */
export type Piece = { tag: string; breaks?: boolean } | { char: string; raw: string };

const TOKEN = /<[^>]*>|&(?:#x[0-9a-f]+|#\d+|[a-z]+);|[\s\S]/giu;

/** A stored text as pieces: HTML for 美文 (`html` true), plain text otherwise. */
export function piecesOf(content: string, html: boolean): Piece[] {
  if (!html) return Array.from(content, (c) => ({ char: c, raw: c }));
  const out: Piece[] = [];
  for (const m of content.matchAll(TOKEN)) {
    const t = m[0];
    if (t[0] === '<' && t.length > 1 && t.endsWith('>')) out.push(BLOCK_END.test(t) ? { tag: t, breaks: true } : { tag: t });
    else if (t[0] === '&' && t.length > 1) out.push({ char: decode(t), raw: t });
    else out.push({ char: t, raw: t });
  }
  return out;
}

/**
 * The plain form anchors count in: the characters a reader sees, a line break where a paragraph (or heading, list
 * item) ends; no trailing break.
 */
export function plainOf(content: string, html: boolean): string {
  if (!html) return content;
  let s = '';
  for (const p of piecesOf(content, true)) {
    if ('char' in p) s += p.char;
    else if (p.breaks) s += '\n';
  }
  return s.replace(/\n+$/, '');
}

/** Code points of a string (`char_length`). */
export const cpLength = (s: string): number => Array.from(s).length;

/** The characters between two code-point offsets. */
export function sliceCp(s: string, start: number, end: number): string {
  return Array.from(s).slice(start, end).join('');
}

/** Why these offsets cannot anchor into a plain form of `length` code points (Chinese, for A0400), or null. */
export function anchorProblem(length: number, start: number, end: number): string | null {
  if (!Number.isInteger(start) || !Number.isInteger(end)) return '锚点位置必须是整数';
  if (start < 0 || end > length) return `锚点超出正文范围（正文共 ${length} 字）`;
  if (end <= start) return '锚点为空：结束位置必须大于开始位置';
  return null;
}

/** Every code-point offset at which `quote` occurs in `chars`. */
function occurrences(chars: string[], quote: string[]): number[] {
  const out: number[] = [];
  if (quote.length === 0) return out;
  outer: for (let i = 0; i + quote.length <= chars.length; i++) {
    for (let j = 0; j < quote.length; j++) if (chars[i + j] !== quote[j]) continue outer;
    out.push(i);
  }
  return out;
}

/** The first occurrence of `quote` at or after `from` (code points), or -1. */
export function indexOfCp(text: string, quote: string, from = 0): number {
  return occurrences(Array.from(text), Array.from(quote)).find((i) => i >= from) ?? -1;
}

/**
 * The anchor in a changed text: where it was if the quote is still there, else the occurrence of the quote nearest
 * the old start (the earlier one on a tie), else null (lost).
 */
export function reanchor(anchor: Anchor, plain: string): Anchor | null {
  const chars = Array.from(plain);
  const quote = Array.from(anchor.quote);
  if (quote.length === 0) return null;
  if (chars.slice(anchor.start, anchor.end).join('') === anchor.quote) return anchor;
  const found = occurrences(chars, quote);
  if (found.length === 0) return null;
  let best = found[0]!;
  for (const i of found) if (Math.abs(i - anchor.start) < Math.abs(best - anchor.start)) best = i;
  return { start: best, end: best + quote.length, quote: anchor.quote };
}

/** Two ranges that share characters while neither holds the other (注释 may nest, never partly overlap). */
export function overlapsPartly(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const share = a.start < b.end && b.start < a.end;
  const aHoldsB = a.start <= b.start && b.end <= a.end;
  const bHoldsA = b.start <= a.start && a.end <= b.end;
  return share && !aHoldsB && !bHoldsA;
}

/** The lines of a plain form (split at its breaks) as code-point ranges. */
export function linesOf(plain: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  let i = 0;
  for (const c of plain) {
    if (c === '\n') {
      out.push({ start, end: i });
      start = i + 1;
    }
    i++;
  }
  out.push({ start, end: i });
  return out;
}

/** The index of the line a range starts in. */
export function lineOf(lines: { start: number; end: number }[], offset: number): number {
  for (let i = 0; i < lines.length; i++) if (offset <= lines[i]!.end) return i;
  return lines.length - 1;
}

/**
 * Wraps ranges of a stored text in marks: `open(id)` before each range's first character and `close` after its last,
 * closed and reopened around tags so the markup stays well formed (ranges must nest, as 注释 do). Answers the text as
 * stored (HTML for 美文, escaped plain text otherwise) with the marks in.
 */
export function markRanges(
  content: string,
  html: boolean,
  ranges: { id: number; start: number; end: number }[],
  open: (id: number) => string,
  close = '</span>',
  /** Markup to put after the end of each line of 美文 (its paragraph's closing tag), by line index. */
  afterLine?: (line: number) => string,
): string {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const escape = (c: string) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c);
  let out = '';
  let offset = 0;
  let next = 0;
  let line = 0;
  /** The ranges open at this point, outermost first. */
  const openNow: { id: number; end: number }[] = [];
  const closeEnded = () => {
    while (openNow.length && openNow[openNow.length - 1]!.end <= offset) {
      openNow.pop();
      out += close;
    }
  };
  for (const p of piecesOf(content, html)) {
    if ('tag' in p) {
      // Tags cut through marks: close them all, write the tag, reopen (a break also counts one character).
      out += close.repeat(openNow.length) + p.tag;
      if (p.breaks) {
        if (afterLine && p.tag[1] === '/') out += afterLine(line);
        line++;
        offset++;
        while (openNow.length && openNow[openNow.length - 1]!.end <= offset) openNow.pop();
      }
      for (const r of openNow) out += open(r.id);
      continue;
    }
    closeEnded();
    while (next < sorted.length && sorted[next]!.start <= offset) {
      const r = sorted[next++]!;
      if (r.end > offset) {
        openNow.push({ id: r.id, end: r.end });
        out += open(r.id);
      }
    }
    out += html ? p.raw : escape(p.char);
    offset++;
    closeEnded();
  }
  out += close.repeat(openNow.length);
  return out;
}
