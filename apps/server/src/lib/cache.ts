/**
 * An app's in-process cache for values that may be a few seconds stale (list pages, totals, sessions): lru-cache
 * with a time-to-live and a size cap (the least recently used entry makes room), counted in the app's metrics.
 */
import { LRUCache } from 'lru-cache';
import type { Metrics } from './metrics.js';

type Load<V> = () => Promise<V>;
/** lru-cache keeps no null or undefined; a box lets "there is none" be kept like any answer. */
type Box<V> = { value: V };

export class Cache<V> {
  private readonly lru: LRUCache<string, Box<V>, Load<V>>;
  private readonly hits;
  private readonly misses;

  constructor(metrics: Metrics, name: string, opts: { ttl: number; max: number }) {
    this.hits = metrics.cacheLookups.labels(name, 'hit');
    this.misses = metrics.cacheLookups.labels(name, 'miss');
    this.lru = new LRUCache<string, Box<V>, Load<V>>({
      ...opts,
      // A load that an invalidation overtook still answers its callers, but is not kept (its data may predate the write).
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context }) => {
        this.misses.inc();
        return { value: await context() };
      },
    });
  }

  /** The kept value, or `load()`'s; concurrent misses on one key share one load, and a failed load is not kept. */
  async get(key: string, load: Load<V>): Promise<V> {
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const box = this.lru.forceFetch(key, { context: load, status });
    if (status.fetch === 'hit' || status.fetch === 'inflight') this.hits.inc();
    return (await box).value;
  }

  /** A live entry (counted as a hit), or undefined without counting a miss (callers that load it themselves then set it). */
  peek(key: string): V | undefined {
    const hit = this.lru.get(key);
    if (hit) this.hits.inc();
    return hit?.value;
  }

  /** Keeps a value the caller loaded (see peek); counted as the miss it was. */
  set(key: string, value: V) {
    this.misses.inc();
    this.lru.set(key, { value });
  }

  delete(key: string) {
    this.lru.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean) {
    const gone = [...this.lru.entries()].filter(([, box]) => match(box.value));
    for (const [key] of gone) this.lru.delete(key);
  }

  clear() {
    this.lru.clear();
  }
}
