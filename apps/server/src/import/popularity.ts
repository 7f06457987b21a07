/**
 * The `rank/` folder of chinese-poetry: search-engine hit counts per poem, the only real popularity
 * signal in the data. Turned into believable starting counters by engagement.ts.
 */
import { toSimplified } from '../lib/text.js';
import { numberedFiles, readCorpusJson } from './corpus.js';

export interface RankEntry {
  author?: string;
  title?: string;
  rhythmic?: string;
  baidu?: number;
  so360?: number;
}

/**
 * Hits of one entry: the geometric mean of the two Chinese engines. Either engine alone has wild
 * outliers (a one-character title matches millions of pages); requiring both damps them.
 */
export function hitsOf(rank: RankEntry): number {
  return Math.sqrt(Math.max(0, rank.baidu ?? 0) * Math.max(0, rank.so360 ?? 0));
}

const rankTitle = (r: RankEntry) => r.title ?? r.rhythmic ?? '';

/**
 * Hits for each entry of a data file, from its parallel rank file. The two files are parallel but
 * not exactly (a few files miss or add entries), so the k-th entry with a given title is matched
 * with the k-th rank entry with that title rather than by position.
 */
export function alignHits<T>(entries: readonly T[], ranks: readonly RankEntry[], titleOf: (entry: T) => string): (number | undefined)[] {
  const queues = new Map<string, RankEntry[]>();
  for (const rank of ranks) {
    const key = rankTitle(rank);
    const queue = queues.get(key);
    if (queue) queue.push(rank);
    else queues.set(key, [rank]);
  }
  return entries.map((entry) => {
    const rank = queues.get(titleOf(entry))?.shift();
    return rank ? hitsOf(rank) : undefined;
  });
}

/** Key of an (author, title) pair across files that write them slightly differently. */
export function rankKey(author: string, title: string): string {
  return toSimplified(`${author}|${title}`);
}

/**
 * Hits by (author, title) over a whole rank collection, for anthologies (唐诗三百首, 宋词选) that
 * quote poems of the big collections without their position. Same-named pieces keep the highest.
 */
export function loadHitsIndex(collection: 'poet.tang' | 'ci.song'): Map<string, number> {
  const dir = collection === 'ci.song' ? 'rank/ci' : 'rank/poet';
  const index = new Map<string, number>();
  for (const file of numberedFiles(dir, `${collection}.rank.`)) {
    for (const rank of readCorpusJson<RankEntry[]>(file.relPath)) {
      const key = rankKey(rank.author ?? '', rankTitle(rank));
      const hits = hitsOf(rank);
      if ((index.get(key) ?? -1) < hits) index.set(key, hits);
    }
  }
  return index;
}
