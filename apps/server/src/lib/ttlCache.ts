import { cacheLookups } from './metrics.js';

/** A small in-process cache with a time-to-live, for values that may be a few seconds stale (list totals). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();
  private readonly hits;
  private readonly misses;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 5000,
    /** Its label in the cache metrics. */
    name = 'unnamed',
  ) {
    this.hits = cacheLookups.labels(name, 'hit');
    this.misses = cacheLookups.labels(name, 'miss');
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit) return hit;
    const value = load();
    this.store(key, value);
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Keeps a value (a miss: it had to be loaded), making room first when the cache is full. */
  private store(key: string, value: Promise<V>) {
    this.misses.inc();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  /** A live entry (counted as a hit), or undefined without counting a miss (callers that load it themselves then set it). */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.until <= Date.now()) return undefined;
    this.hits.inc();
    return hit.value;
  }

  /** Keeps a value the caller loaded (see peek); counted as the miss it was. */
  set(key: string, value: V) {
    this.store(key, Promise.resolve(value));
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
