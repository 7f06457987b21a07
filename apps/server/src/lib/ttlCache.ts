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
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      this.hits.inc();
      return hit.value;
    }
    this.misses.inc();
    if (this.entries.size >= this.max) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** A live entry (counted as a hit), or undefined without counting a miss: for callers that load it themselves. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.until <= Date.now()) return undefined;
    this.hits.inc();
    return hit.value;
  }

  /** Keeps a value the caller loaded (see peek); counted as the miss it was. */
  set(key: string, value: V) {
    this.misses.inc();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value: Promise.resolve(value), until: Date.now() + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
