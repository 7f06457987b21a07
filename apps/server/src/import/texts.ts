/**
 * One text of the corpus → one essay row: Simplified Chinese, sentence or essay, source line,
 * tags, classification, counters and the search document.
 */
import crypto from 'node:crypto';
import { charCount, summarize } from '../lib/html.js';
import { paragraphsToHtml, takeChars, toSimplified } from '../lib/text.js';
import { COLLECTION_TAGS, type Catalog, type ClassificationName } from './catalog.js';
import { engagementFor, type Engagement } from './engagement.js';
import { chooseTags, detectTheme, type Theme } from './tagging.js';
import type { SearchDoc } from '../lib/search.js';
import { importKeyOf, signatureOf, workKeyOf, type TextSignature } from '../lib/signature.js';
import { dropStraySpaces, fullWidthPunctuation, markNotes, NOTE, unmark, type SourceNote } from './cleanup.js';

/** A text as a source reads it from the data package (Traditional or Simplified). */
export interface CorpusText {
  /**
   * Stable key for idempotence. Omitted for poems: their key is derived from author and opening
   * lines, so the same poem found in two anthologies is stored once.
   */
  key?: string;
  title?: string;
  author?: string;
  /** The work cited in the source line when it is not the title itself, e.g. 论语·学而. */
  work?: string;
  paragraphs: readonly string[];
  /** Always an essay with a title, however short (古文观止). */
  essay?: boolean;
  /** Poems and passages may have no title of their own; only essays need one. */
  untitled?: boolean;
  /** First-level collection tag (唐诗, 论语…) and, when known, the second-level tag under it. */
  collection: string;
  collectionChild?: string;
  /** Classification, possibly refined by theme (a love poem belongs to 情感). */
  classify: (theme: Theme | undefined) => ClassificationName;
  /** Theme when the keywords find none (论语 → 哲理). */
  defaultTheme?: Theme;
  /** The data set's own labels (唐诗三百首: 思乡, 送别…). */
  labels?: readonly string[];
  hits?: number;
  /** From a curated anthology: better known than the average text. */
  curated?: boolean;
  /** Where the text stands in its book (出处): 诗经·国风·周南, 论语·学而篇, 古文观止·卷一 (Simplified or not). */
  provenance?: string;
  /** Commentators' remarks printed with the text (幽梦影's 某某曰：…), kept as notes at its end. */
  remarks?: readonly string[];
  /** The era, when neither the author line ("（唐）孟浩然", "宋代：苏轼") nor the collection says it. */
  dynasty?: string;
  /** The corpus's stored 平仄 of a poem, one letter a Han character of the body (storedTones.ts; essays.tones). */
  tones?: string;
}

export interface PreparedEssay extends Engagement {
  importKey: string;
  /**
   * Title and opening of a poem: the same work under a variant author name (《寒食》 by 韩翃 and by 韩竑) has
   * another import key but the same identity; the importer keeps the first it reads.
   */
  workKey: string | null;
  /**
   * The text's signature (lib/signature.ts), stored in text_signatures for duplicate lookups; null in an import
   * without signatures (bench:duplicates measures what they cost that way).
   */
  signature: TextSignature | null;
  type: 'sentence' | 'essay';
  title: string | null;
  content: string;
  summary: string;
  source: string | null;
  classificationId: number;
  tagIds: number[];
  /** The poet, era and cited work as fields of their own (李白 · 唐 · 静夜思). */
  workAuthor: string | null;
  dynasty: string | null;
  workTitle: string | null;
  /** The editors' notes taken out of the title and body, unparsed, with where they stood. */
  sourceNotes: SourceNote[];
  /** The corpus's stored 平仄 (essays.tones), or null. */
  tones: string | null;
  /** 出处: where the text stands in its book. */
  provenance: string | null;
  /** The title and paragraphs (joined by newlines) as the corpus writes them, when in Traditional characters. */
  originalTitle: string | null;
  originalContent: string | null;
  /**
   * Digest of the displayed fields as the importer writes them (importHash): a later run rewrites a text whose fields
   * still have this digest, and leaves (and reports) one an editor changed.
   */
  importHash: string;
  /** Title, work, author and body: the document the writer indexes for search. */
  search: SearchDoc;
}

/** docs/rules.md#text-limits: sentences are at most 300 characters of plain text. */
const SENTENCE_MAX = 300;
const TITLE_MAX = 50;
const SOURCE_MAX = 100;
const SUMMARY_CHARS = 100;
const ANONYMOUS = new Set(['佚名', '无名氏', '不详']);

/** Corner brackets are the Traditional convention; Simplified text quotes with “” and ‘’. */
const QUOTES: Record<string, string> = { '「': '“', '」': '”', '『': '‘', '』': '’' };

/** Simplified, with Simplified quotes and middle dot, one space for any run of white space: names and metadata. */
function clean(text: string): string {
  return toSimplified(text)
    .replace(/[「」『』]/g, (q) => QUOTES[q]!)
    .replace(/\u30fb/g, '·')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A title or paragraph as displayed: its notes out (kept, with their places), cleaned, half-width punctuation
 * between Chinese characters made full-width, and in the body stray spaces dropped (a title keeps one space as a
 * separator: 短歌行 其一).
 */
function cleanLine(raw: string, inTitle: boolean): { text: string; notes: string[]; at: number[] } {
  const marked = markNotes(raw);
  const punctuated = fullWidthPunctuation(clean(marked.text));
  const { text, at } = unmark(inTitle ? punctuated : dropStraySpaces(punctuated));
  const trimmed = text.trimStart();
  const shift = Array.from(text).length - Array.from(trimmed).length;
  const shown = trimmed.trimEnd();
  const length = Array.from(shown).length;
  return { text: shown, notes: marked.notes, at: at.map((a) => Math.min(Math.max(0, a - shift), length)) };
}

/** A text's title and paragraphs as the importer displays them, and the notes taken out of them. */
export function displayedText(text: CorpusText): { title: string | undefined; paragraphs: string[]; notes: SourceNote[] } {
  const title = text.title !== undefined ? cleanLine(text.title, true) : undefined;
  const notes: SourceNote[] = title ? title.notes.map((note, i) => ({ note, paragraph: null, at: title.at[i]! })) : [];
  const paragraphs: string[] = [];
  // Notes of a paragraph that holds nothing else stand at the end of the paragraph before, or the start of the next.
  let orphans: string[] = [];
  for (const raw of text.paragraphs) {
    const line = cleanLine(raw, false);
    if (!line.text) {
      const before = paragraphs.length - 1;
      if (before >= 0) notes.push(...line.notes.map((note) => ({ note, paragraph: before, at: Array.from(paragraphs[before]!).length })));
      else orphans.push(...line.notes);
      continue;
    }
    const index = paragraphs.push(line.text) - 1;
    notes.push(...orphans.map((note) => ({ note, paragraph: index, at: 0 })));
    orphans = [];
    notes.push(...line.notes.map((note, i) => ({ note, paragraph: index, at: line.at[i]! })));
  }
  return { title: title?.text || undefined, paragraphs, notes };
}

/** A title or body as the corpus writes it, without the editors' notes; null when it reads the same in Simplified. */
function originalOf(raw: readonly string[]): string | null {
  const lines = raw.map((p) => p.replace(NOTE, '').replace(/\s+/g, ' ').trim()).filter(Boolean);
  const text = lines.join('\n');
  return text && toSimplified(text) !== text ? text : null;
}

/** The digest of the displayed fields of a text (PreparedEssay.importHash), for the importer's rows and stored ones. */
export function importDigest(f: {
  type: string;
  title: string | null;
  content: string;
  source: string | null;
  workAuthor: string | null;
  dynasty: string | null;
  workTitle: string | null;
}): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([f.type, f.title, f.content, f.source, f.workAuthor, f.dynasty, f.workTitle]))
    .digest('hex');
}

/** "（唐）孟浩然", "先秦：左丘明 ", "魏晋：西晋·李密", "刘向 撰", "尹鹗 六首" → the bare name. */
export function cleanAuthor(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const name = clean(raw)
    .replace(/^[（(][^）)]*[）)]/, '')
    .replace(/^[^：:]*[：:]/, '')
    .replace(/《[^》]*》/g, '')
    .replace(/^.*·/, '')
    .trim()
    .split(/\s+/)[0];
  return name || undefined;
}

/** Era names as a reader knows them: 宋代 → 宋, 两汉 → 汉. */
const DYNASTY_NAMES: Record<string, string> = {
  先秦: '先秦',
  秦: '秦',
  汉: '汉',
  两汉: '汉',
  汉代: '汉',
  三国: '三国',
  魏晋: '魏晋',
  晋: '魏晋',
  南北朝: '南北朝',
  隋: '隋',
  隋代: '隋',
  唐: '唐',
  唐代: '唐',
  五代: '五代',
  宋: '宋',
  宋代: '宋',
  元: '元',
  元代: '元',
  明: '明',
  明代: '明',
  清: '清',
  清代: '清',
};

/** The era a collection's texts belong to, where the collection has one (唐诗 → 唐; 古文 spans many). */
export const COLLECTION_DYNASTY: Record<string, string> = Object.fromEntries(
  COLLECTION_TAGS.flatMap((c) => (c.eras?.length === 1 ? [[c.name, c.eras[0]!]] : [])),
);

/** "（唐）孟浩然" → 唐, "宋代：苏轼" → 宋, "两汉：司马迁" → 汉; a bare name says nothing. */
export function dynastyOf(rawAuthor: string | undefined): string | undefined {
  if (!rawAuthor) return undefined;
  const a = clean(rawAuthor);
  const m = /^[（(]([^）)]+)[）)]/.exec(a) ?? /^([^：:]+)[：:]/.exec(a);
  return m ? DYNASTY_NAMES[m[1]!.trim()] : undefined;
}

/** "子曰", "孟子曰": who speaks, not what is said. */
const SPEAKER = /^.{0,4}曰$/u;

/** The opening phrase, used as a title where a passage has none (孟子见梁惠王, 学而时习之). */
export function firstPhrase(text: string, max = 16): string {
  const phrases = text.split(/[，。、？！；：,.?!;:「」『』“”‘’\s]/).filter((p) => p.length > 0);
  return takeChars(phrases.find((p) => !SPEAKER.test(p)) ?? phrases[0] ?? text, max);
}

/** 李白《静夜思》, 《论语·学而》 (no author), 左丘明《左传·郑伯克段于鄢》. */
function sourceLine(author: string | undefined, work: string | undefined): string | null {
  if (!work) return author ?? null;
  const who = author && !ANONYMOUS.has(author) ? author : '';
  const room = SOURCE_MAX - charCount(who) - 2;
  return `${who}《${takeChars(work, room)}》`;
}

function resolveTags(catalog: Catalog, text: CorpusText, theme: Theme | undefined): { ids: number[]; names: string[] } {
  const named = text.collectionChild ? clean(text.collectionChild) : undefined;
  const child = named && catalog.tagId(named, text.collection) ? named : undefined;
  const refs = chooseTags({ name: text.collection, child }, theme);
  const ids = refs.map((t) => {
    const id = catalog.tagId(t.name, t.parent);
    if (id === undefined) throw new Error(`tag missing from catalogue: ${t.parent ? `${t.parent}/` : ''}${t.name}`);
    return id;
  });
  return { ids, names: refs.map((t) => t.name) };
}

function themeFrom(rawTitle: string | undefined, flat: string, text: CorpusText): Theme | undefined {
  return detectTheme(rawTitle ?? '', flat, text.labels) ?? text.defaultTheme;
}

/** The classification prepareText gives a text (its theme decides for some collections). */
export function classificationOf(text: CorpusText): ClassificationName {
  const shown = displayedText(text);
  return text.classify(themeFrom(shown.title, shown.paragraphs.join(''), text));
}

/**
 * How the importer tells a text it has already read: its import key (author and opening) and, for texts without a key
 * of their own, its work key (title and opening), with the words they are read from. Null for an empty text.
 */
export function textKeys(text: CorpusText) {
  const shown = displayedText(text);
  const paragraphs = shown.paragraphs;
  if (paragraphs.length === 0) return null;
  const author = cleanAuthor(text.author);
  const plain = paragraphs.join('\n');
  const flat = paragraphs.join('');
  const isSentence = !text.essay && charCount(plain) <= SENTENCE_MAX;
  const title = isSentence && text.untitled ? null : takeChars(shown.title || firstPhrase(flat), TITLE_MAX);
  const importKey = text.key ?? importKeyOf(author, flat);
  const workKey = text.key ? null : workKeyOf(title, flat);
  return { shown, author, plain, flat, isSentence, title, importKey, workKey };
}

/** Everything the writer stores for one text, or null when the text is empty. */
export function prepareText(text: CorpusText, catalog: Catalog, now: Date, opts: { signature?: boolean } = {}): PreparedEssay | null {
  const keys = textKeys(text);
  if (!keys) return null;
  const { shown, author, plain, flat, isSentence, title, importKey, workKey } = keys;
  const paragraphs = shown.paragraphs;
  const rawTitle = shown.title;
  const work = text.work ? clean(text.work) : (rawTitle ?? undefined);
  const source = sourceLine(author, work);
  const theme = themeFrom(rawTitle, flat, text);
  const tags = resolveTags(catalog, text, theme);
  const workAuthor = author && !ANONYMOUS.has(author) ? takeChars(author, 40) : null;
  const workTitle = work ? takeChars(work, 100) : null;
  const displayed = {
    type: isSentence ? ('sentence' as const) : ('essay' as const),
    title,
    content: isSentence ? plain : paragraphsToHtml(paragraphs),
    source,
    workAuthor,
    dynasty: dynastyOf(text.author) ?? text.dynasty ?? COLLECTION_DYNASTY[text.collection] ?? null,
    workTitle,
  };
  return {
    importKey,
    workKey,
    signature: opts.signature === false ? null : signatureOf(flat, { simplified: true }),
    ...displayed,
    summary: summarize(flat, SUMMARY_CHARS),
    classificationId: catalog.classificationId(text.classify(theme)),
    tagIds: tags.ids,
    tones: text.tones ?? null,
    sourceNotes: [
      ...shown.notes,
      ...(text.remarks ?? []).map((note) => ({ note, paragraph: 0, at: Array.from(paragraphs[0] ?? '').length })),
    ],
    provenance: text.provenance ? takeChars(clean(text.provenance), 60) : null,
    originalTitle: text.title !== undefined ? originalOf([text.title]) : null,
    originalContent: originalOf(text.paragraphs),
    importHash: importDigest(displayed),
    search: {
      title,
      workTitle: workTitle !== title ? workTitle : null,
      author: workAuthor,
      tags: tags.names,
      body: [source ?? '', plain].join('\n'),
    },
    ...engagementFor(importKey, text.hits, text.curated ?? false, now),
  };
}
