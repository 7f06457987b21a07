/**
 * Text signatures (docs/rules.md#text-signatures): the ONE normalisation and the ONE signature that duplicate detection, attribution
 * conflicts and the importer's own de-duplication share.
 *
 * - normalizeText: Traditional → Simplified, full width → half width (NFKC), lower case, and everything that is not a
 *   letter or a digit (punctuation, spacing, line breaks) removed. 「床前明月光，疑是地上霜。」 and 床前明月光疑是地上霜 are
 *   one text; so are 靜夜思 and 静夜思.
 * - the importer's keys (importKeyOf, workKeyOf) read the Han characters of that normalised text;
 * - signatureOf: the normalised text, its digest (exact duplicates), and for texts of NEAR_MIN characters or more the
 *   LSH band keys of a MinHash over its character bigrams (near-duplicates). Candidates share a band key; each is then
 *   confirmed by the exact bigram Jaccard similarity of the two normalised texts (similarity()).
 */
import crypto from 'node:crypto';
import { toSimplified } from './text.js';

/** A shorter text is looked up only as a whole or as part of a longer one (containment), never as a near-duplicate. */
export const CONTAIN_MIN = 5;
/** Texts of at least this many normalised characters get LSH band keys. */
export const NEAR_MIN = 20;
/** MinHash: BANDS bands of ROWS hash functions each. */
export const BANDS = 32;
export const ROWS = 3;
/** Bigram Jaccard similarity from which two texts are near-duplicates (tuned on bench/duplicates/labelled.json). */
export const NEAR_THRESHOLD = 0.5;

const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const NOT_HAN = /[^\p{Script=Han}]/gu;

/**
 * The normalised text: Simplified, half width, lower case, letters and digits only. `simplified: true` skips the
 * Traditional → Simplified step for text that is already converted (the importer converts each text once).
 */
export function normalizeText(text: string, opts: { simplified?: boolean } = {}): string {
  const folded = text.normalize('NFKC');
  return (opts.simplified ? folded : toSimplified(folded)).replace(NOT_WORD, '').toLowerCase();
}

/** The Han characters of a normalised text, in order. */
export const hanOf = (normalized: string) => normalized.replace(NOT_HAN, '');

/** How many Han characters a text has once normalised. */
export const hanCount = (normalized: string) => Array.from(hanOf(normalized)).length;

const sha1 = (s: string) => crypto.createHash('sha1').update(s).digest('hex');

/** The digest of a normalised text: equal digests are exact duplicates. */
export const textDigest = (normalized: string) => sha1(normalized).slice(0, 32);

/**
 * The importer's key of a text without a key of its own: its author and its first 24 Han characters (the same poem in
 * two collections, punctuated differently, is one text).
 */
export function importKeyOf(author: string | undefined, text: string): string {
  const opening = Array.from(hanOf(normalizeText(text, { simplified: true })))
    .slice(0, 24)
    .join('');
  return `poem:${sha1(`${author ?? ''}|${opening}`).slice(0, 24)}`;
}

/** The importer's in-run key of a work: its title and first 10 Han characters (春晓 in 唐诗三百首 and 千家诗). */
export function workKeyOf(title: string | null, text: string): string {
  const opening = Array.from(hanOf(normalizeText(text, { simplified: true })))
    .slice(0, 10)
    .join('');
  return `${title ?? ''}|${opening}`;
}

/** The distinct character bigrams of a normalised text. */
export function bigrams(normalized: string): Set<string> {
  const chars = Array.from(normalized);
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * A character bigram as one 32-bit integer, as the database's bigram index stores it (shiju_bigram_codes, migration
 * 0032): the low 16 bits of each character's code point, the first shifted by 16 and offset into int4's range. Exact
 * for the Basic Multilingual Plane (every common Han character); two rarer characters can share a code, which only
 * adds a candidate that the stored text then fails to contain. Integers, not text: the index compares them far faster.
 */
export function bigramCode(bigram: string): number {
  const [a, b] = Array.from(bigram, (c) => c.codePointAt(0)! % 65536);
  return ((a! - 32768) << 16) | b!;
}

/**
 * The codes of at most `max` distinct bigrams of a normalised text, spread evenly over it: what a containment lookup
 * asks the database's bigram index for (every text containing the words holds all of them).
 */
export function containmentGrams(normalized: string, max = 8): number[] {
  const all = [...new Set([...bigrams(normalized)].map(bigramCode))];
  if (all.length <= max) return all;
  return Array.from({ length: max }, (_, i) => all[Math.round((i * (all.length - 1)) / (max - 1))]!);
}

/** Jaccard similarity of the bigram sets of two normalised texts (1 for two equal texts). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}

/** 32-bit FNV-1a of a string's UTF-16 units (also the importer's seeded randomness, import/random.ts). */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mix (murmur3's finaliser) of a value with a seed: one hash function per seed. */
function mix(x: number, seed: number): number {
  let h = (x ^ seed) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seeds of the BANDS × ROWS hash functions (fixed: stored band keys depend on them). */
const SEEDS: readonly number[] = Array.from({ length: BANDS * ROWS }, (_, i) => mix(i + 1, 0x9e3779b9));

/** The MinHash of a normalised text's bigrams. */
export function minhash(normalized: string): number[] {
  const shingles = [...bigrams(normalized)].map(fnv1a);
  return SEEDS.map((seed) => {
    let min = 0xffffffff;
    for (const s of shingles) {
      const h = mix(s, seed);
      if (h < min) min = h;
    }
    return min;
  });
}

/** The LSH band keys of a normalised text: one signed 32-bit key per band, the band's number mixed in. */
export function bandKeys(normalized: string): number[] {
  const sig = minhash(normalized);
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = mix(b + 1, 0x5bd1e995);
    for (let r = 0; r < ROWS; r++) h = mix(h ^ sig[b * ROWS + r]!, 0x27d4eb2d + r);
    keys.push(h | 0);
  }
  return keys;
}

/** What is stored of a text (text_signatures). */
export interface TextSignature {
  normalized: string;
  digest: string;
  /** Han characters once normalised. */
  han: number;
  /** LSH band keys; empty for texts shorter than NEAR_MIN characters. */
  bands: number[];
}

/** How a looked-up text relates to a stored one. */
export type Relation = { kind: 'exact' | 'contained' | 'near'; similarity: number };

/**
 * What a lookup of `query` finds a stored text to be: the same words; the words contained in it (5+ Han characters);
 * or nearly the same words (20+ characters, a shared band key, similarity ≥ NEAR_THRESHOLD). `stored.bands` may be
 * left out when the stored text was found through a shared band key. Null when it is none of these.
 */
export function relationOf(query: TextSignature, stored: { normalized: string; bands?: readonly number[] }): Relation | null {
  if (!query.normalized) return null;
  if (query.normalized === stored.normalized) return { kind: 'exact', similarity: 1 };
  const sim = () => similarity(query.normalized, stored.normalized);
  if (query.han >= CONTAIN_MIN && stored.normalized.includes(query.normalized)) return { kind: 'contained', similarity: sim() };
  if (query.bands.length === 0) return null;
  if (stored.bands && !stored.bands.some((b) => query.bands.includes(b))) return null;
  const near = sim();
  return near >= NEAR_THRESHOLD ? { kind: 'near', similarity: near } : null;
}

export function signatureOf(text: string, opts: { simplified?: boolean } = {}): TextSignature {
  const normalized = normalizeText(text, opts);
  return {
    normalized,
    digest: textDigest(normalized),
    han: hanCount(normalized),
    bands: Array.from(normalized).length >= NEAR_MIN ? bandKeys(normalized) : [],
  };
}
