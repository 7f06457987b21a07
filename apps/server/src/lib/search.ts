/**
 * Chinese full-text search without a database extension: jieba cuts the text into words, and the words are
 * stored as a `simple` tsvector (works the same on PGlite and PostgreSQL).
 */
import { createRequire } from 'node:module';
import { sql, type SQL } from 'drizzle-orm';

type JiebaInstance = { cutForSearch(text: string, hmm?: boolean): string[] };
const require = createRequire(import.meta.url);
let jieba: JiebaInstance | null = null;

function instance(): JiebaInstance {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): JiebaInstance } };
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

const WORD = /[\p{L}\p{N}]/u;

/** Search words of a text: jieba's search cut, without punctuation, lower-cased, de-duplicated. */
export function searchWords(text: string): string[] {
  const words = new Set<string>();
  for (const w of instance().cutForSearch(text, true)) {
    const t = w.trim().toLowerCase();
    if (t && WORD.test(t) && t.length <= 40) words.add(t);
  }
  return [...words];
}

/** The tsvector of a text, as an SQL expression. */
export function searchVectorOf(text: string): SQL {
  return sql`to_tsvector('simple', ${searchWords(text).join(' ')})`;
}

/** A tsquery that matches every word of the query (null when the query has no words). */
export function searchQueryOf(query: string): SQL | null {
  const words = searchWords(query)
    .map((w) => w.replace(/[&|!():*<>'\\]/g, ''))
    .filter(Boolean);
  if (!words.length) return null;
  return sql`to_tsquery('simple', ${words.map((w) => `'${w}'`).join(' & ')})`;
}
