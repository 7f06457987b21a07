/**
 * The sensitive-word list: a text containing one of these waits as `pending` for an editor.
 * One word per line; `#` starts a comment. SENSITIVE_WORDS_FILE replaces the built-in list. Read once per app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { invalid } from '../http/errors.js';
import { serverRoot } from '../paths.js';

const BUILT_IN = path.join(serverRoot, 'config/sensitive-words.txt');

export function loadWords(file = BUILT_IN): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim().toLowerCase())
    .filter(Boolean);
}

export interface SensitiveWords {
  /** The listed words a text contains (case and spaces ignored), for the editor's review screen. */
  matched(text: string): string[];
  contains(text: string): boolean;
  /** Short user texts (comments, nicknames, bios) are refused outright when they contain a listed word. */
  refuse(field: string, text: string): void;
}

/** The list is read on first use, not at start: most requests never need it. */
export function createSensitiveWords(file?: string): SensitiveWords {
  let words: string[] | undefined;
  const matched = (text: string) => {
    const lower = text.toLowerCase().replace(/\s+/g, '');
    return (words ??= loadWords(file)).filter((w) => lower.includes(w));
  };
  const contains = (text: string) => matched(text).length > 0;
  return {
    matched,
    contains,
    refuse(field, text) {
      if (contains(text)) throw invalid(`${field} 包含不允许的词语，请修改后再提交`);
    },
  };
}
