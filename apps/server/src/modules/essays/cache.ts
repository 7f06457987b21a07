/**
 * Micro-caches for what every visitor sees alike: list pages and the public part of a text's details, for
 * seconds. A write drops what it changes at once in every process (lib/broadcast.ts). Per-viewer parts
 * (liked, collected, following, 不感兴趣) are never cached.
 */
import { EVERYTHING, invalidate, onInvalidate } from '../../lib/broadcast.js';
import { TtlCache } from '../../lib/ttlCache.js';

/** Lists move as people publish: a few seconds. A text's page changes only by its own counters: half a minute. */
export const LIST_TTL_MS = 5_000;
export const DETAILS_TTL_MS = 30_000;

export const publicLists = new TtlCache<unknown>(LIST_TTL_MS, 2000, 'essay-lists');
export const publicDetails = new TtlCache<unknown>(DETAILS_TTL_MS, 20_000, 'essay-details');
/** Capped totals of published lists without a counter, by filter: the same for every reader and every page. */
export const listTotals = new TtlCache<number>(LIST_TTL_MS, 2000, 'essay-list-totals');

onInvalidate('essay', (key) => {
  if (key === EVERYTHING) publicDetails.clear();
  else publicDetails.delete(key);
});
onInvalidate('essay-lists', () => {
  publicLists.clear();
  listTotals.clear();
});

/** After a text changes: its details, and (for changes that move it in or out of lists) every list page. */
export function forgetEssay(id: number, lists = false) {
  invalidate('essay', String(id));
  if (lists) forgetLists();
}

/** After a change that moves texts in or out of lists without one text being the cause (a ban, a tag merge). */
export function forgetLists() {
  invalidate('essay-lists', EVERYTHING);
}
