/**
 * The sensitive-word list: a text containing one of these waits as `pending` for an editor.
 * One word per line; `#` starts a comment. SENSITIVE_WORDS_FILE replaces the built-in list.
 */
import fs from 'node:fs';
import path from 'node:path';

const BUILT_IN = path.resolve(import.meta.dirname, '../../../config/sensitive-words.txt');
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

export function containsSensitive(text: string, file?: string): boolean {
  const lower = text.toLowerCase().replace(/\s+/g, '');
  return loadWords(file).some((w) => lower.includes(w));
}
