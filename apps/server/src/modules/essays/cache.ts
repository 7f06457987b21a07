/**
 * Micro-caches for what every visitor sees alike: list pages and the public part of a text's details, for
 * seconds. Writes in this process drop what they change at once; other processes see them within the
 * TTL. Per-viewer parts (liked, collected, following, 不感兴趣) are never cached.
 */
import { TtlCache } from '../../lib/ttlCache.js';
import { forgetTotals } from './queries.js';

/** Lists move as people publish: a few seconds. A text's page changes only by its own counters: half a minute. */
export const LIST_TTL_MS = 5_000;
export const DETAILS_TTL_MS = 30_000;

export const publicLists = new TtlCache<unknown>(LIST_TTL_MS, 2000);
export const publicDetails = new TtlCache<unknown>(DETAILS_TTL_MS, 20_000);

/** After a text changes: its details, and (for changes that move it in or out of lists) every list page. */
export function forgetEssay(id: number, lists = false) {
  publicDetails.delete(String(id));
  if (lists) {
    publicLists.clear();
    forgetTotals();
  }
}
