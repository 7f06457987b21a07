/**
 * Chinese text helpers shared by the importer and the essay, tag and search modules, so that
 * conversion, tag letters and search segmentation are computed the same way everywhere.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';

let converter: ((text: string) => string) | undefined;
let jieba: Jieba | undefined;

/**
 * Traditional → Simplified. The Hong Kong table is used because it also folds variant forms
 * (粧 → 妆, 敍 → 叙) while keeping 著 as 著; the Taiwan table turns every 著 into 着, which is wrong
 * for classical texts (著作, 寒梅著花未). Already-simplified text passes through unchanged.
 */
export function toSimplified(text: string): string {
  converter ??= OpenCC.Converter({ from: 'hk', to: 'cn' });
  return converter(text);
}

/** Length in characters as a reader counts them (code points, so rare CJK extension characters count once). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` characters (code points) of a text. */
export function takeChars(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

/** Plain paragraphs → the rich-text HTML essays are stored as (one escaped `<p>` per paragraph). */
export function paragraphsToHtml(paragraphs: readonly string[]): string {
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
}

/** A list summary: whitespace collapsed, at most `max` characters plus an ellipsis when cut. */
export function summarize(plain: string, max = 100): string {
  const flat = plain.replace(/\s+/g, ' ').trim();
  return charLength(flat) <= max ? flat : `${takeChars(flat, max)}…`;
}

/**
 * The A–Z (or #) letter a tag is filed under: the pinyin initial of its first character, read in
 * context so that 长相思 files under C and 乐府 under Y. Person names use surname readings
 * (曾巩 → Z, 单 → S), which would misread ordinary words, hence the flag.
 */
export function tagLetter(name: string, opts: { person?: boolean } = {}): string {
  const trimmed = name.trim();
  if (!trimmed) return '#';
  const first = Array.from(trimmed)[0]!;
  if (/^[a-z]$/i.test(first)) return first.toUpperCase();
  if (!/\p{Script=Han}/u.test(first)) return '#';
  const initials = pinyin(trimmed, { pattern: 'first', toneType: 'none', type: 'array', surname: opts.person ? 'head' : 'off' });
  const letter = (initials[0] ?? '').toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * Words of a text for the `simple` tsvector, space-separated. Search mode also emits the shorter
 * words inside long ones (明月光 → 明月, 月光, 明月光), so a query segmented with plain `cut` still
 * finds them. Punctuation is dropped: it would only bloat the vector.
 */
export function segmentForSearch(text: string): string {
  jieba ??= Jieba.withDict(dict);
  return jieba
    .cutForSearch(text, true)
    .filter((w) => WORDLIKE.test(w))
    .join(' ');
}

/** Words of a search query, segmented the way documents were indexed. */
export function segmentQuery(text: string): string[] {
  jieba ??= Jieba.withDict(dict);
  return jieba.cut(text, true).filter((w) => WORDLIKE.test(w));
}
