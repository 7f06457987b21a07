/** A collection of the data package, read as CorpusTexts one at a time. */
import type { CorpusText } from '../texts.js';
import type { Theme } from '../tagging.js';
import type { ClassificationName } from '../catalog.js';

export interface Source {
  /** Stable id, also the prefix of non-poem import keys. */
  id: string;
  /** Shown in progress output. */
  label: string;
  /** Number of texts, possibly estimated (progress only). */
  total(): number;
  /** The texts, read lazily file by file so large collections never sit in memory at once. */
  texts(): Iterable<CorpusText>;
}

/** A source whose texts come from one in-memory list (small collections). */
export function listSource(id: string, label: string, load: () => CorpusText[]): Source {
  let cached: CorpusText[] | undefined;
  const all = () => (cached ??= load());
  return { id, label, total: () => all().length, texts: () => all() };
}

/** Poetry goes to 诗词, except love poems (情感) and poems of resolve (励志). */
export function classifyPoem(theme: Theme | undefined): ClassificationName {
  if (theme?.name === '爱情') return '情感';
  if (theme?.name === '人生' && theme.child === '抱负') return '励志';
  return '诗词';
}
