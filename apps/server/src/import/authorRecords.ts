/**
 * The corpus's author records → author profiles (decision 0020): an author is a name in an era. The Tang poems' file
 * (names and biographies, no life dates), the Song poems' (biographies opening with life dates in Chinese numerals:
 * 趙匡胤（九二七～九七六）) and the Song ci's (short biographies, dates in Arabic numerals) are read, converted to
 * Simplified, and merged on name + era: one person's 诗 and 词 records become one profile, a name repeated inside one
 * file (12 in the Tang file) one profile, and a name of both eras two (李白 · 唐 is not 王建 · 宋).
 */
import { takeChars, toSimplified } from '../lib/text.js';
import { readCorpusJson } from './corpus.js';
import { cleanAuthor } from './texts.js';

export interface AuthorRecord {
  name: string;
  dynasty: string;
  /** Years (negative: BCE) where the record states them; null when not stated or not parseable. */
  born: number | null;
  died: number | null;
  /** Simplified; '' when the record has none. */
  bio: string;
}

const DIGITS: Record<string, number> = Object.fromEntries(
  [...'〇一二三四五六七八九']
    .map((c, i) => [c, i] as const)
    .concat([
      ['○', 0],
      ['零', 0],
    ]),
);
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 一○三七 → 1037 (digit by digit), 九百二十七 → 927 (with units), 1037 → 1037; null for anything else. */
export function chineseNumber(raw: string): number | null {
  const s = raw.trim();
  if (/^\d{1,4}$/.test(s)) return Number(s);
  if (!s || ![...s].every((c) => c in DIGITS || c in UNITS)) return null;
  if (![...s].some((c) => c in UNITS)) return Number([...s].map((c) => DIGITS[c]).join(''));
  let total = 0;
  let digit: number | null = null;
  for (const c of s) {
    if (c in DIGITS) digit = DIGITS[c]!;
    else {
      total += (digit ?? 1) * UNITS[c]!;
      digit = null;
    }
  }
  return total + (digit ?? 0);
}

/** One side of a life span: a year, null for an unknown one (？), undefined when it is not a year at all. */
function yearOf(raw: string): number | null | undefined {
  const s = raw
    .replace(/\s+/g, '')
    .replace(/^(约|生于|卒于|生|卒)/, '')
    .replace(/(年|前后|左右|后|前)$/, '');
  if (/^[?？]*$/.test(s)) return null;
  const bce = /^(公元)?前/.test(s);
  const n = chineseNumber(s.replace(/^(公元)?前/, '').replace(/^公元/, ''));
  if (n === null || n < 1 || n > 2100) return undefined;
  return bce ? -n : n;
}

/**
 * The life years a biography opens with: 趙匡胤（九二七～九七六）, (1037―1101), (？－约 1053). Only where both sides
 * read as years or unknowns, at least one is a year, and birth comes before death; otherwise both null.
 */
export function parseLifespan(bio: string): { born: number | null; died: number | null; span: string | null } {
  const none = { born: null, died: null, span: null };
  const m = /^[^（(，。]{0,16}([（(]\s*([^（()）]{1,24}?)\s*[）)])/u.exec(bio);
  if (!m) return none;
  const sides = m[2]!.split(/\s*[～~—―－\-–至]+\s*/u);
  if (sides.length !== 2) return none;
  const born = yearOf(sides[0]!);
  const died = yearOf(sides[1]!);
  if (born === undefined || died === undefined || (born === null && died === null)) return none;
  if (born !== null && died !== null && (died < born || died - born > 120)) return none;
  return { born, died, span: m[1]! };
}

/** Spaces the Song ci file leaves between Chinese characters ("因 反对"), and its list of works, dropped. */
function tidy(text: string): string {
  return text
    .replace(/主要作品有[：:][\s\S]*$/u, '')
    .replace(/(\p{Script=Han}|[，。、；：）」”])\s+(?=\p{Script=Han}|[（「“])/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Which names to read records of (the biographies of others are never converted). */
export type NameFilter = (name: string) => boolean;

function record(keep: NameFilter, rawName: string, dynasty: string, rawBio: string, dropSpan = false): AuthorRecord | null {
  const name = cleanAuthor(rawName);
  if (!name || !keep(name)) return null;
  let bio = tidy(toSimplified(rawBio ?? ''));
  const life = parseLifespan(bio);
  // A biography that is only its dates in brackets says them once, as 生卒.
  if (dropSpan && life.span && bio.startsWith(life.span)) bio = bio.slice(life.span.length).replace(/^[\s，,。：:]+/u, '');
  return { name: takeChars(name, 40), dynasty, born: life.born, died: life.died, bio };
}

/** A biography shorter than this says nothing a reader needs (帝姓李氏…); the page shows none. */
export const BIO_MIN_CHARS = 20;

/**
 * Two records of one (name, era): the first biography that says something (records are read in the order of the
 * reader's preference), else the longer; the life years of whichever states them.
 */
function merge(a: AuthorRecord, b: AuthorRecord): AuthorRecord {
  const dated = a.born !== null || a.died !== null ? a : b;
  const bio = Array.from(a.bio).length >= BIO_MIN_CHARS || a.bio.length >= b.bio.length ? a.bio : b.bio;
  return { ...a, bio, born: dated.born, died: dated.died };
}

export const recordKey = (r: { name: string; dynasty: string }) => `${r.name}|${r.dynasty}`;

/** Merges records on name + era, in the order read. */
export function mergeRecords(records: Iterable<AuthorRecord | null>): AuthorRecord[] {
  const byKey = new Map<string, AuthorRecord>();
  for (const r of records) {
    if (!r) continue;
    const key = recordKey(r);
    const had = byKey.get(key);
    byKey.set(key, had ? merge(had, r) : r);
  }
  return [...byKey.values()];
}

/**
 * A Song ci record's biography: its description holds one or two, after "苏轼：" and between "--"; the first is whole
 * where the short description (a copy of the second) is cut off mid-title.
 */
function ciBiography(a: { description?: string; short_description?: string }): string {
  const parts = (a.description ?? '')
    .replace(/^[^：:(（]{1,10}[：:]/u, '')
    .split('--')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts[0] ?? a.short_description ?? '';
}

/** The package's author records, merged (about 13,500 profiles), of the names `keep` accepts (all by default). */
export function corpusAuthorRecords(keep: NameFilter = () => true): AuthorRecord[] {
  const tang = readCorpusJson<{ name: string; desc: string }[]>('quantangshi/authors.tang.json');
  const song = readCorpusJson<{ name: string; desc: string }[]>('quantangshi/authors.song.json');
  const ci = readCorpusJson<{ name: string; description?: string; short_description?: string }[]>('songci/author.song.json');
  // The Song ci file's short biographies read better than the Song poems' catalogue entries (editions, 底本): first.
  return mergeRecords([
    ...tang.map((a) => record(keep, a.name, '唐', a.desc)),
    ...ci.map((a) => record(keep, a.name, '宋', ciBiography(a), true)),
    ...song.map((a) => record(keep, a.name, '宋', a.desc)),
  ]);
}

/** Eras next to each other that the corpus files one person under differently (五代 poets in the Tang or Song file). */
const NEIGHBOURS: Record<string, readonly string[]> = { 唐: ['五代', ''], 宋: ['五代', ''], 五代: ['唐', '宋', ''] };

/**
 * The records worth keeping, in the era the texts cite them in: a record of a name the texts never cite is left out;
 * one whose era no text gives, while the name is cited in exactly one neighbouring era that has no record of its own
 * (李煜's 词 are filed under 五代, the Tang file lists him under 唐), describes that person; any other stays in its
 * own era (a homonym, or a person no text cites yet under that name's era).
 */
export function placeRecords(records: readonly AuthorRecord[], cited: ReadonlyMap<string, ReadonlySet<string>>): AuthorRecord[] {
  const recorded = new Set(records.map(recordKey));
  const placed = records.flatMap((r) => {
    const eras = cited.get(r.name);
    if (!eras) return [];
    if (eras.has(r.dynasty)) return [r];
    const near = (NEIGHBOURS[r.dynasty] ?? []).filter((d) => eras.has(d) && !recorded.has(recordKey({ name: r.name, dynasty: d })));
    return [near.length === 1 ? { ...r, dynasty: near[0]! } : r];
  });
  return mergeRecords(placed);
}
