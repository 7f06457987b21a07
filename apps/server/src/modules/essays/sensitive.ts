/**
 * The sensitive-word list: a text containing one of these waits as `pending` for an editor.
 * One word per line; `#` starts a comment. SENSITIVE_WORDS_FILE replaces the built-in list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { invalid } from '../../http/errors.js';
import { serverRoot } from '../../paths.js';

const BUILT_IN = path.join(serverRoot, 'config/sensitive-words.txt');
const cache = new Map<string, string[]>();

export function loadWords(file = BUILT_IN): string[] {
  let words = cache.get(file);
  if (!words) {
    words = fs
      .readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.replace(/#.*/, '').trim().toLowerCase())
      .filter(Boolean);
    cache.set(file, words);
  }
  return words;
}

/** The listed words a text contains (case and spaces ignored), for the editor's review screen. */
export function matchedWords(text: string, file?: string): string[] {
  const lower = text.toLowerCase().replace(/\s+/g, '');
  return loadWords(file).filter((w) => lower.includes(w));
}

export function containsSensitive(text: string, file?: string): boolean {
  return matchedWords(text, file).length > 0;
}

/** Short user texts (comments, nicknames, bios) are refused outright when they contain a listed word. */
export function refuseSensitive(field: string, text: string, file?: string) {
  if (containsSensitive(text, file)) throw invalid(`${field} 包含不允许的词语，请修改后再提交`);
}
