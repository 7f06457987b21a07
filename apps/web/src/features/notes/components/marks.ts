/**
 * The text with its notes drawn in, as markup (the same in the browser and while the server draws the page): each
 * 注释 a dotted underline (`data-note`), and in line mode each line's 译文 under it. Anchors count code points of the
 * text's plain form (`@shiju/contract/anchors`).
 */
import { linesOf, lineOf, markRanges, plainOf } from '@shiju/contract/anchors';
import type { Note } from '@shiju/contract';

export type TranslationMode = 'line' | 'block';

const openMark = (id: number) => `<span class="note-mark" data-note="${id}" role="button" tabindex="0">`;

/** Notes with a place in the text. */
export const placed = (n: Note): n is Note & { start: number; end: number } => n.start !== null && n.end !== null && !n.anchorLost;

/** Each line's 译文 (by line index), for line mode: a 译文 belongs to the line it starts in. */
export function lineTranslations(notes: Note[], plain: string): Map<number, string[]> {
  const lines = linesOf(plain);
  const out = new Map<number, string[]>();
  for (const n of notes)
    if (n.kind === 'translation' && placed(n)) {
      const i = lineOf(lines, n.start);
      out.set(i, [...(out.get(i) ?? []), n.content]);
    }
  return out;
}

const lineBlock = (texts: string[] | undefined, tag: 'p' | 'span') =>
  texts?.length ? `<${tag} class="note-line-tr" data-noplain="">${texts.join(' ')}</${tag}>` : '';

/**
 * 美文's stored HTML (`html` true) or a sentence's lines with the notes drawn in. Glosses that would cross a line of a
 * sentence are left unmarked (they still stand in the numbered list).
 */
export function notedMarkup(content: string, html: boolean, notes: Note[], mode: TranslationMode): string {
  const plain = plainOf(content, html);
  const glosses = notes.filter((n) => n.kind === 'gloss' && placed(n)) as (Note & { start: number; end: number })[];
  const perLine = mode === 'line' ? lineTranslations(notes, plain) : new Map<number, string[]>();
  if (html)
    return markRanges(
      content,
      true,
      glosses.map((g) => ({ id: g.id, start: g.start, end: g.end })),
      openMark,
      '</span>',
      mode === 'line' ? (i) => lineBlock(perLine.get(i), 'p') : undefined,
    );
  const lines = linesOf(plain);
  const within = glosses.filter((g) => lineOf(lines, g.start) === lineOf(lines, Math.max(g.start, g.end - 1)));
  const marked = markRanges(
    content,
    false,
    within.map((g) => ({ id: g.id, start: g.start, end: g.end })),
    openMark,
  );
  return marked
    .split('\n')
    .map((line, i) => line + lineBlock(perLine.get(i), 'span'))
    .join('\n');
}
