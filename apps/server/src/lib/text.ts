/**
 * Chinese text helpers: Traditional → Simplified, tag letters, and plain text → stored HTML.
 * (Search words live in search.ts, HTML sanitising and summaries in html.ts.)
 */
import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';

import { once } from './once.js';

const converter = once(() => OpenCC.Converter({ from: 'hk', to: 'cn' }));

/**
 * Traditional → Simplified. The Hong Kong table is used because it also folds variant forms
 * (粧 → 妆, 敍 → 叙) while keeping 著 as 著; the Taiwan table turns every 著 into 着, which is wrong
 * for classical texts (著作, 寒梅著花未). Already-simplified text passes through unchanged.
 */
export function toSimplified(text: string): string {
  return converter()(text);
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

/**
 * The A–Z (or #) letter a tag is filed under: the pinyin initial of its first character, read in
 * context so that 重阳 files under C and 乐府 under Y. Person names use surname readings
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

/** `%keyword%` for ilike, with the pattern's own wildcards escaped. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
