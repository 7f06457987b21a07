/**
 * Chinese full-text search without a database extension: jieba cuts the text into words, and the words are
 * stored as a `simple` tsvector (works the same on PGlite and PostgreSQL), in three weights:
 *
 * - A — the title and the work's title: their words, each whole title segment, and its pinyin (full and initials);
 * - B — the author's name, whole and cut, and its pinyin (`libai`, `lb`);
 * - C — the names of its tags;
 * - D — the body and the source line: words, and each distinct Chinese character.
 *
 * A query is normalised first (Traditional → Simplified, full width → half width, punctuation → spaces,
 * lower case), then cut the same way (docs/decisions/0009).
 */
import { createRequire } from 'node:module';
import { sql, type SQL } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { once } from './once.js';
import { toSimplified } from './text.js';

type JiebaInstance = {
  cut(text: string, hmm?: boolean): string[];
  cutForSearch(text: string, hmm?: boolean): string[];
  tag(text: string, hmm?: boolean): { tag: string; word: string }[];
};
const require = createRequire(import.meta.url);
/** The dictionary is loaded on first use (tens of megabytes), once per process: it never changes. */
const instance = once((): JiebaInstance => {
  const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): JiebaInstance } };
  const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
  return Jieba.withDict(dict);
});

const WORD = /[\p{L}\p{N}]/u;
const MAX_TOKEN = 40;
/** Bump when what searchVectorOf stores changes: `npm run import -- --reindex` rewrites older rows. */
export const SEARCH_VERSION = 1;

/** jieba's part-of-speech tagger over the same dictionary (the 仿写 coach's 对仗 check): words with their tags. */
export function tagWords(text: string, hmm = true): { tag: string; word: string }[] {
  return instance().tag(text, hmm);
}

/** Search words of a text: jieba's search cut, without punctuation, lower-cased, de-duplicated. */
export function searchWords(text: string): string[] {
  const words = new Set<string>();
  for (const w of instance().cutForSearch(text, true)) {
    const t = clean(w);
    if (t && WORD.test(t) && t.length <= MAX_TOKEN) words.add(t);
  }
  return [...words];
}

/** A text cut into jieba's words in order, punctuation and spaces kept as their own pieces: joined, they are the text. */
export function cutWords(text: string): string[] {
  return instance().cut(text, true);
}

/** What tsquery syntax would read as operators, and what the simple parser would split on. */
const clean = (w: string) =>
  w
    .trim()
    .toLowerCase()
    .replace(/[&|!():*<>'\\\s]/g, '');

/**
 * The query as stored texts are written: Simplified, half width (NFKC folds ＡＢＣ，１２３ and the ideographic
 * space), punctuation and symbols as single spaces, lower case, trimmed.
 */
export function normalizeQuery(q: string): string {
  return toSimplified(q.normalize('NFKC'))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

const HAN = /\p{Script=Han}/u;
const ASCII_WORDS = /^[a-z0-9 ]+$/;

/**
 * The distinct Chinese characters of a text. Stored with the words (weight D), so a query that jieba cuts otherwise
 * than the text, or with one wrong character (举头望名月 → 举头 / 望名 / 月), still finds it by its characters.
 */
export function hanChars(text: string): string[] {
  return [...new Set(Array.from(text).filter((c) => HAN.test(c)))];
}

/** `静夜思` → [`jingyesi`, `jys`]; text without Chinese characters has no pinyin keys. */
export function pinyinKeys(text: string, opts: { person?: boolean } = {}): string[] {
  const han = Array.from(text)
    .filter((c) => HAN.test(c))
    .join('');
  if (!han) return [];
  const surname = opts.person ? 'head' : 'off';
  const full = pinyin(han, { toneType: 'none', type: 'array', v: true, surname }).join('');
  const initials = pinyin(han, { pattern: 'first', toneType: 'none', type: 'array', surname }).join('');
  return [...new Set([full, initials])].filter((k) => /^[a-z]+$/.test(k) && k.length <= MAX_TOKEN);
}

/** Segments of a title or name: the parts between punctuation (水调歌头·明月几时有 → 水调歌头, 明月几时有). */
function segments(text: string): string[] {
  return normalizeQuery(text)
    .split(' ')
    .filter((s) => s && s.length <= MAX_TOKEN);
}

export interface SearchDoc {
  title?: string | null;
  /** The cited work when it is not the title (论语·学而). */
  workTitle?: string | null;
  author?: string | null;
  /** Names of the tags it carries (weight C): 思乡 finds the texts filed under it. */
  tags?: readonly string[];
  /** Body and source line. */
  body: string;
}

function fieldTokens(text: string, person: boolean): string[] {
  const tokens = new Set<string>();
  for (const s of segments(text)) {
    tokens.add(clean(s));
    for (const k of pinyinKeys(s, { person })) tokens.add(k);
  }
  for (const w of searchWords(text)) tokens.add(w);
  return [...tokens].filter(Boolean);
}

const vector = (words: string[], weight: 'A' | 'B' | 'C' | 'D') =>
  weight === 'D' ? sql`to_tsvector('simple', ${words.join(' ')})` : sql`setweight(to_tsvector('simple', ${words.join(' ')}), ${weight})`;

/** The tsvector of a text, as an SQL expression (a plain string is a body without title or author). */
export function searchVectorOf(doc: SearchDoc | string): SQL {
  const d = typeof doc === 'string' ? { body: doc } : doc;
  const a = fieldTokens([d.title ?? '', d.workTitle ?? ''].join(' '), false);
  const b = fieldTokens(d.author ?? '', true);
  const words = searchWords(d.body);
  const seen = new Set(words);
  const chars = hanChars(d.body).filter((c) => !seen.has(c));
  const c = [...new Set((d.tags ?? []).map(clean).filter(Boolean))];
  return sql`(${vector(a, 'A')} || ${vector(b, 'B')} || ${vector(c, 'C')} || ${vector([...words, ...chars], 'D')})`;
}

/** `李白《静夜思》` → author 李白, work 静夜思; `《论语·学而》` → work only; a bare name → author only. */
export function parseSource(source: string | null | undefined): { author: string | null; work: string | null } {
  const s = (source ?? '').trim();
  if (!s) return { author: null, work: null };
  const m = /^([^《》]*)《([^《》]+)》/.exec(s);
  if (m) return { author: m[1]!.trim().replace(/^[—\-－·\s]+/, '') || null, work: m[2]!.trim() || null };
  const name = s.replace(/^[—\-－·\s]+/, '').trim();
  return { author: name.length <= 20 ? name : null, work: null };
}

/** A query, read: what it says normalised, its segments, its words, and its pinyin key when it is all letters. */
export interface ParsedQuery {
  normalized: string;
  /** The parts between spaces and punctuation (李白《静夜思》 → 李白, 静夜思). */
  segments: string[];
  words: string[];
  /** `li bai` → `libai`, when the query is Latin letters only. */
  pinyin: string | null;
  /** The distinct characters of the longest segment of 4+ Chinese characters (at most 12), for `or` matching. */
  chars: string[];
  /** LIKE patterns of that segment with any one character wrong (举头望_月). */
  typoPatterns: string[];
}

const TYPO_MAX = 12;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

export function parseQuery(q: string): ParsedQuery {
  const normalized = normalizeQuery(q);
  const segs = normalized.split(' ').filter(Boolean).slice(0, 8);
  const words = searchWords(normalized).slice(0, 16);
  const letters = ASCII_WORDS.test(normalized) && /[a-z]/.test(normalized) ? normalized.replace(/[ 0-9]/g, '') : '';
  const line = segs
    .filter((x) => Array.from(x).length >= 4 && Array.from(x).every((c) => HAN.test(c)))
    .sort((a, b) => b.length - a.length)[0];
  const lineChars = line ? Array.from(line).slice(0, TYPO_MAX) : [];
  return {
    normalized,
    segments: segs,
    words,
    pinyin: letters && letters.length <= MAX_TOKEN ? letters : null,
    chars: [...new Set(lineChars)],
    typoPatterns: lineChars.map((_, i) => `%${likeEscape(lineChars.slice(0, i).join(''))}_${likeEscape(lineChars.slice(i + 1).join(''))}%`),
  };
}

const lexeme = (w: string, suffix = '') => `'${w}'${suffix}`;

/**
 * The tsquery that finds a parsed query: every word (`and`), or (`or`, for a line with a wrong character) all its
 * characters but any one, written as an OR of ANDs so the index does the work; a pinyin query also matches its key
 * as a title or author token, or as a prefix of one (4+ letters). `weights` restricts the terms to title (A) and
 * author (B) tokens. Null when the query has nothing to match.
 */
export function tsqueryOf(p: ParsedQuery, mode: 'and' | 'or' = 'and', weights = ''): SQL | null {
  const parts: string[] = [];
  const w = (x: string) => lexeme(x, weights ? `:${weights}` : '');
  if (mode === 'or' && p.chars.length >= 4) {
    // A line with one wrong character: every character but one, for each one (the pattern check ranks them).
    parts.push(
      p.chars
        .map(
          (_, i) =>
            `(${p.chars
              .filter((__, j) => j !== i)
              .map(w)
              .join(' & ')})`,
        )
        .join(' | '),
    );
  } else if (p.words.length) parts.push(`(${p.words.map(w).join(' & ')})`);
  if (p.pinyin) {
    parts.push(lexeme(p.pinyin, `:${weights || 'AB'}`));
    if (p.pinyin.length >= 4) parts.push(lexeme(p.pinyin, `:*${weights || 'AB'}`));
  }
  if (!parts.length) return null;
  return sql`to_tsquery('simple', ${parts.join(' | ')})`;
}

/** A tsquery that matches every word of the query (null when the query has no words). */
export function searchQueryOf(query: string): SQL | null {
  return tsqueryOf(parseQuery(query));
}
