/**
 * Micro-caches for what every visitor sees alike: list pages and the public part of a text's details, for
 * seconds. A write drops what it changes at once in every process (lib/broadcast.ts). Per-viewer parts
 * (liked, collected, following, 不感兴趣) are never cached. One set per app (runtime.ts).
 */
import { ESSAY_CHANGED, EVERYTHING, LISTS_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import type { PublicDetails } from './presenter.js';
import type { SharedPage } from './readerPage.js';

/** Lists move as people publish: a few seconds. A text's page changes only by its own counters: half a minute. */
export const LIST_TTL_MS = 5_000;
export const DETAILS_TTL_MS = 30_000;

export interface EssayCaches {
  /** Visitors' list pages, with their cards' sort keys (a signed-in reader's page is made from them). */
  lists: Cache<SharedPage>;
  details: Cache<PublicDetails>;
  /** Capped totals of published lists without a counter, by filter: the same for every reader and every page. */
  totals: Cache<number>;
}

/** `unkeptAfterDropMs`: with read replicas, how long a dropped entry is not refilled (lib/cache.ts). */
export function createEssayCaches(broadcast: Broadcast, metrics: Metrics, unkeptAfterDropMs = 0): EssayCaches {
  const caches: EssayCaches = {
    lists: new Cache(metrics, 'essay-lists', { ttl: LIST_TTL_MS, max: 2000, unkeptAfterDropMs }),
    details: new Cache(metrics, 'essay-details', { ttl: DETAILS_TTL_MS, max: 20_000, unkeptAfterDropMs }),
    totals: new Cache(metrics, 'essay-list-totals', { ttl: LIST_TTL_MS, max: 2000, unkeptAfterDropMs }),
  };
  broadcast.onInvalidate(ESSAY_CHANGED, (key) => {
    if (key === EVERYTHING) caches.details.clear();
    else caches.details.delete(key);
  });
  broadcast.onInvalidate(LISTS_CHANGED, () => {
    caches.lists.clear();
    caches.totals.clear();
  });
  return caches;
}
