/**
 * A reader's library in the data export as files other tools read: one Markdown file per 收藏夹 (YAML front
 * matter: title, author, source, url), and an Anki deck as CSV (RFC 4180, UTF-8, Anki's `#separator` and `#html`
 * header lines) whose cards show a line with a blank on the front and the line with its source on the back.
 */

/** A text as the library files show it. */
export interface LibraryText {
  id: number;
  title: string | null;
  /** The text as Markdown (an essay's HTML already turned into Markdown). */
  markdown: string;
  /** The cited author (李白) or, for a reader's own line, the poster's nickname. */
  author: string | null;
  dynasty: string | null;
  /** 出处: the work it comes from (诗经·国风·周南) or the source a poster named. */
  source: string | null;
}

/** One card's line and where it comes from. */
export interface CardLine {
  line: string;
  source: string;
}

const MAX_FILE_NAME = 100;

/**
 * A file name any system accepts, at most 100 characters with its extension: no path separators, reserved or
 * control characters, no leading dot or trailing dot and space; `taken` (lower-cased) keeps names in one folder
 * apart by a number.
 */
export function safeFileName(name: string, ext: string, taken: Set<string>): string {
  const cleaned =
    name
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .replace(/[. ]+$/, '') || '未命名';
  const fit = (base: string, suffix: string) =>
    Array.from(base)
      .slice(0, MAX_FILE_NAME - suffix.length - ext.length)
      .join('')
      .replace(/[. ]+$/, '') + suffix;
  for (let n = 1; ; n++) {
    const candidate = `${fit(cleaned, n === 1 ? '' : ` (${n})`)}${ext}`;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/** YAML front matter; each value a double-quoted scalar (JSON's string syntax is YAML's), absent values left out. */
export function frontMatter(fields: Record<string, string | null | undefined>): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/** 李白 · 唐, or just one of them. */
const byline = (t: Pick<LibraryText, 'author' | 'dynasty'>) => [t.dynasty ? `〔${t.dynasty}〕` : '', t.author ?? ''].join('') || null;

export const textUrl = (origin: string, id: number) => `${origin}/bellesDetails?id=${id}`;

/** A 收藏夹 as one Markdown file: its own front matter, its description, then each text with its byline and link. */
export function folderMarkdown(
  folder: { name: string; description: string; owner: string; url: string | null },
  texts: LibraryText[],
  origin: string,
): string {
  const head = frontMatter({ title: folder.name, author: folder.owner, source: '拾句 · 收藏夹', url: folder.url ?? undefined });
  const parts = texts.map((t) => {
    const by = byline(t);
    const meta = [by, t.source ? `《${t.source.replace(/^《|》$/g, '')}》` : null].filter(Boolean).join(' · ');
    return `## ${t.title ?? firstLine(t.markdown)}\n\n${meta ? `${meta}\n\n` : ''}${t.markdown.trim()}\n\n[在拾句阅读](${textUrl(origin, t.id)})\n`;
  });
  return `${head}\n# ${folder.name}\n\n${folder.description ? `${folder.description}\n\n` : ''}${parts.join('\n')}`;
}

/** One's highlights of a text as one Markdown file: the text's front matter, then each passage with its 想法. */
export function highlightsMarkdown(
  t: LibraryText,
  marks: { quote: string; thought: string | null; createdAt: string; anchorLost: boolean }[],
  origin: string,
): string {
  const title = t.title ?? firstLine(t.markdown);
  const head = frontMatter({ title, author: byline(t) ?? undefined, source: t.source ?? undefined, url: textUrl(origin, t.id) });
  const parts = marks.map(
    (m) =>
      `> ${m.quote.replace(/\n/g, '\n> ')}\n${m.thought ? `\n想法：${m.thought}\n` : ''}\n划于 ${m.createdAt.slice(0, 10)}${m.anchorLost ? '（原文已修改，这段文字已不在文中）' : ''}\n`,
  );
  return `${head}\n# ${title}\n\n${parts.join('\n')}`;
}

const firstLine = (s: string) =>
  Array.from(s.trim().split('\n')[0] ?? '')
    .slice(0, 20)
    .join('');

/** The places a line may be cut into clauses (kept with the clause before them). */
const CLAUSE = /[^，。！？；：、,.!?;:]+[，。！？；：、,.!?;:]*/gu;
const HAN = /\p{Script=Han}/u;

/**
 * The line with a blank, for the front of a card: the last clause's characters (a line of several clauses), or the
 * second half (a single clause), each Han character turned into ＿ so the blank shows its length.
 */
export function clozeOf(line: string): string {
  const clauses = line.match(CLAUSE) ?? [line];
  const blank = (s: string) => Array.from(s, (ch) => (HAN.test(ch) ? '＿' : ch)).join('');
  const withHan = clauses.map((c, i) => [c, i] as const).filter(([c]) => HAN.test(c));
  if (withHan.length >= 2) {
    const last = withHan[withHan.length - 1]![1];
    return clauses.map((c, i) => (i === last ? blank(c) : c)).join('');
  }
  const chars = Array.from(line);
  const han = chars.map((ch, i) => [ch, i] as const).filter(([ch]) => HAN.test(ch));
  if (han.length < 2) return blank(line);
  const from = han[Math.ceil(han.length / 2)]![1];
  return chars.map((ch, i) => (i >= from && HAN.test(ch) ? '＿' : ch)).join('');
}

/** A CSV field per RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** An Anki deck as CSV: Anki's header lines, then front (the line with a blank) and back (the line, its source). */
export function ankiCsv(cards: CardLine[]): string {
  const rows = cards.map((c) => [clozeOf(c.line), `${c.line}\n—— ${c.source}`].map(field).join(','));
  return ['#separator:Comma', '#html:false', ...rows].join('\r\n') + '\r\n';
}

/** Where a card's line comes from: 〔唐〕李白《静夜思》, or the title alone. */
export function cardSource(t: Pick<LibraryText, 'author' | 'dynasty' | 'title' | 'source'>): string {
  const work = t.title ?? t.source;
  return `${byline(t) ?? ''}${work ? `《${work.replace(/^《|》$/g, '')}》` : ''}` || '拾句';
}
