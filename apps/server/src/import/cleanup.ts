/**
 * What the importer does to a line of the corpus beyond converting it to Simplified Chinese, and how the lint counts
 * what is left: editors' inline notes (通假, 一作 variants, "X本作" readings) are taken out of the displayed text and
 * kept unparsed beside it; half-width punctuation and stray ASCII spaces between Chinese characters become full-width
 * punctuation or nothing, while ASCII inside Latin words, numbers and URLs is left alone.
 */

/**
 * An editor's note as the data writes it: one parenthesis (half- or full-width, no nesting) naming a 通假 character
 * ("(说 通：悦)", "(直 通 值)", "（同「疆」）"), a variant reading ("(明年 一作：年年)") or another edition's reading
 * ("（京本作「作」）"); several may share one parenthesis, separated by "；".
 */
export const NOTE = /[（(][^（()）]*?(?:一作|本作|\S\s*通[\s：:]|同[「“『‘])[^（()）]*?[)）]/gu;

/** The parts of a note, counted by kind (a mixed note counts once for each part). */
const NOTE_PARTS = {
  tongjia: /\S\s*通[\s：:]|同[「“『‘]/gu,
  yizuo: /一作/gu,
  benzuo: /本作/gu,
} as const;

/** Stands where a note was while the rest of the line is cleaned, so the note's place survives every other change. */
export const NOTE_MARK = '\ue000';

/**
 * Characters of Chinese text: Han, the CJK symbols and full-width forms, the quotes, dashes, ellipsis and middle dot
 * Chinese text uses, and the note mark.
 */
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef\u2018\u2019\u201c\u201d\u2014\u2026\u00b7\u300a-\u300f\ue000]/u;
const isCjk = (c: string | undefined) => c !== undefined && CJK.test(c);
const SPACE = /[ \t\u3000]/;

const FULL_WIDTH: Record<string, string> = { ',': '，', '.': '。', '?': '？', '!': '！', ':': '：', ';': '；' };
const HALF_WIDTH_RUN = /[,.?!:;]+/g;

/** The nearest character before `i` (or from `i` on, going right) that is not a space. */
function neighbour(text: string, i: number, step: -1 | 1): string | undefined {
  for (let j = i; j >= 0 && j < text.length; j += step) if (!SPACE.test(text[j]!)) return text[j];
  return undefined;
}

/**
 * Half-width , . ? ! : ; in Chinese text become ，。？！：；. A run is Chinese text when a neighbour (spaces
 * skipped) is a Chinese character and the other is one too, a parenthesis or the line's end: "不亦说乎?", "曰:“" and
 * "惶恐!(净)" change, while
 * "3.14", "e.g.", "https://x.cn" and "Hello, 世界" (a Latin word on one side) keep their ASCII. "..." becomes "……".
 */
export function fullWidthPunctuation(text: string): string {
  return text.replace(HALF_WIDTH_RUN, (run, at: number) => {
    const left = neighbour(text, at - 1, -1);
    const right = neighbour(text, at + run.length, 1);
    const fits = (c: string | undefined) => c === undefined || c === '(' || c === ')' || isCjk(c);
    const chinese = fits(left) && fits(right) && (isCjk(left) || isCjk(right));
    if (!chinese) return run;
    if (/^\.{3,}$/.test(run)) return '……';
    return Array.from(run, (c) => FULL_WIDTH[c]!).join('');
  });
}

/** ASCII and ideographic spaces between two Chinese characters (or a Chinese character and a parenthesis) go. */
export function dropStraySpaces(text: string): string {
  return text.replace(/[ \t\u3000]+/g, (run, at: number) => {
    const left = text[at - 1];
    const right = text[at + run.length];
    const paren = (c: string | undefined) => c === '(' || c === ')';
    return (isCjk(left) || paren(left)) && (isCjk(right) || paren(right)) && (isCjk(left) || isCjk(right)) ? '' : run;
  });
}

/** A note taken out of the text: as the data wrote it, and where it stood (paragraph null: in the title). */
export interface SourceNote {
  note: string;
  paragraph: number | null;
  /** Characters (code points) of the displayed paragraph or title before it. */
  at: number;
}

/** Replaces each note of a raw line by NOTE_MARK; answers the line and the notes in order. */
export function markNotes(raw: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  const text = raw.replace(NOTE, (note) => {
    notes.push(note);
    return NOTE_MARK;
  });
  return { text, notes };
}

/**
 * Takes the marks out of a cleaned line: the line as displayed and where each mark stood. Notes whose line is empty
 * once they are gone stand at the end of the line before (the caller decides which that is).
 */
export function unmark(cleaned: string): { text: string; at: number[] } {
  const at: number[] = [];
  let text = '';
  let length = 0;
  for (const c of cleaned) {
    if (c === NOTE_MARK) at.push(length);
    else {
      text += c;
      length++;
    }
  }
  return { text, at };
}

// ---------- the lint's counts ----------

export const LINT_KINDS = [
  { id: 'tongjia', label: '通假注' },
  { id: 'yizuo', label: '一作异文' },
  { id: 'benzuo', label: '某本作注' },
  { id: 'halfWidth', label: '半角标点' },
  { id: 'spaces', label: '多余空格' },
  { id: 'emptyLines', label: '空行' },
  { id: 'repeatedLines', label: '重复行' },
] as const;
export type LintKind = (typeof LINT_KINDS)[number]['id'];
export type LintCounts = Record<LintKind, number>;

export const noCounts = (): LintCounts => ({ tongjia: 0, yizuo: 0, benzuo: 0, halfWidth: 0, spaces: 0, emptyLines: 0, repeatedLines: 0 });

/** Half-width , . ? ! : ; next to a Chinese character (spaces skipped) on either side. */
export function halfWidthIn(line: string): number {
  let n = 0;
  for (const m of line.matchAll(/[,.?!:;]/g)) {
    const left = neighbour(line, m.index - 1, -1);
    const right = neighbour(line, m.index + 1, 1);
    if (isCjk(left) || isCjk(right)) n++;
  }
  return n;
}

/** Spaces at either end of a paragraph, or between two Chinese characters inside it. */
export function straySpacesIn(line: string): number {
  let n = 0;
  for (const m of line.matchAll(/[ \t\u3000]+/g)) {
    const edge = m.index === 0 || m.index + m[0].length === line.length;
    if (edge || (isCjk(line[m.index - 1]) && isCjk(line[m.index + m[0].length]))) n++;
  }
  return n;
}

/** Adds one text's counts: its title and its paragraphs (as read, or as displayed). */
export function countText(into: LintCounts, title: string | null | undefined, paragraphs: readonly string[]): void {
  const lines = title ? [title, ...paragraphs] : paragraphs;
  for (const line of lines) {
    for (const note of line.match(NOTE) ?? [])
      for (const kind of ['tongjia', 'yizuo', 'benzuo'] as const) into[kind] += note.match(NOTE_PARTS[kind])?.length ?? 0;
    into.halfWidth += halfWidthIn(line);
  }
  let previous: string | undefined;
  for (const p of paragraphs) {
    into.spaces += straySpacesIn(p);
    const line = p.trim();
    if (!line) into.emptyLines++;
    else if (line === previous) into.repeatedLines++;
    previous = line || previous;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The paragraphs of a stored text: a sentence's lines, or an essay's <p> paragraphs as plain text. */
export function storedParagraphs(type: 'sentence' | 'essay', content: string): string[] {
  if (type === 'sentence') return content.split('\n');
  return [...content.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) =>
    m[1]!.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!),
  );
}
