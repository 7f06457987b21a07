/**
 * An app's in-process cache for values that may be a few seconds stale (list pages, totals, sessions): lru-cache
 * with a time-to-live and a size cap (the least recently used entry makes room), counted in the app's metrics.
 *
 * Each entry lives between 80% and 100% of the TTL, drawn when it is kept: entries kept together (a process warming
 * up before it listens, a burst after an invalidation) do not all expire in the same second, which made every
 * reader of a minute-old process wait behind the reloads of all of them at once. A cache of costly values may also
 * answer an expired entry while one load replaces it (`staleWhileRevalidate`); an invalidation still drops entries at
 * once.
 *
 * lru-cache drops an expired entry only when it is next asked for or when the cap makes room: a cache of short-lived
 * entries over many keys (list pages in every sort and filter, to page 200) filled up to its cap with expired
 * values and kept them, megabytes of a process's heap that no reader could be answered from. So once per TTL, as
 * it is used, a cache that never answers expired entries drops them all (`purgeStale`, one pass over the entries).
 */
import { LRUCache } from 'lru-cache';
import type { Metrics } from './metrics.js';

type Load<V> = () => Promise<V>;
/** lru-cache keeps no null or undefined; a box lets "there is none" be kept like any answer. */
type Box<V> = { value: V };

export interface CacheOptions {
  ttl: number;
  max: number;
  /**
   * With read replicas (db/reader.ts): for this long after an entry was dropped, loads of it are answered but not
   * kept, since a replica up to that far behind may have loaded the value from before the write. Kept, it would
   * outlive the replica's lag by the whole TTL and be served even to the writer, whose own loads read the primary.
   */
  unkeptAfterDropMs?: number;
  /** Answer an expired entry while a single load replaces it in the background (never after an invalidation). */
  staleWhileRevalidate?: boolean;
  /** The clock entries age by (tests); performance.now by default. */
  clock?: { now(): number };
}

/** The shortest life of an entry, as a share of the TTL (see above). */
const TTL_SPREAD = 0.2;

export class Cache<V> {
  private readonly lru: LRUCache<string, Box<V>, Load<V>>;
  private readonly hits;
  private readonly misses;
  private readonly guardMs: number;
  private readonly ttl: number;
  private readonly clock: { now(): number };
  private readonly purges: boolean;
  /** When expired entries were last dropped (on `clock`). */
  private purgedAt: number;
  /** When everything was last dropped, and when single keys were (only while guardMs matters). */
  private clearedAt = -Infinity;
  private readonly droppedAt = new Map<string, number>();

  constructor(metrics: Metrics, name: string, { unkeptAfterDropMs = 0, staleWhileRevalidate = false, clock, ...opts }: CacheOptions) {
    this.hits = metrics.cacheLookups.labels(name, 'hit');
    this.misses = metrics.cacheLookups.labels(name, 'miss');
    this.guardMs = unkeptAfterDropMs;
    this.ttl = opts.ttl;
    this.clock = clock ?? performance;
    this.purges = !staleWhileRevalidate;
    this.purgedAt = this.clock.now();
    this.lru = new LRUCache<string, Box<V>, Load<V>>({
      ...opts,
      allowStale: staleWhileRevalidate,
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
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
    if (this.recentlyDropped(key)) {
      this.misses.inc();
      return load();
    }
    this.purgeExpired();
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const box = this.lru.forceFetch(key, { context: load, status, ttl: this.entryTtl() });
    if (status.fetch === 'hit' || status.fetch === 'inflight' || status.returnedStale) this.hits.inc();
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
    this.purgeExpired();
    if (!this.recentlyDropped(key)) this.lru.set(key, { value }, { ttl: this.entryTtl() });
  }

  /** How many entries are kept, expired ones included. */
  get size(): number {
    return this.lru.size;
  }

  /** Drops the expired entries, at most once per TTL (see above). */
  private purgeExpired() {
    if (!this.purges) return;
    const now = this.clock.now();
    if (now - this.purgedAt < this.ttl) return;
    this.purgedAt = now;
    this.lru.purgeStale();
  }

  private entryTtl(): number {
    return Math.round(this.ttl * (1 - TTL_SPREAD * Math.random()));
  }

  delete(key: string) {
    this.lru.delete(key);
    this.noteDrop(key);
  }

  private recentlyDropped(key: string): boolean {
    if (!this.guardMs) return false;
    const since = Date.now() - this.guardMs;
    return this.clearedAt > since || (this.droppedAt.get(key) ?? -Infinity) > since;
  }

  private noteDrop(key: string) {
    if (!this.guardMs) return;
    const now = Date.now();
    if (this.droppedAt.size >= 10_000) for (const [k, at] of this.droppedAt) if (at <= now - this.guardMs) this.droppedAt.delete(k);
    this.droppedAt.set(key, now);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean) {
    const gone = [...this.lru.entries()].filter(([, box]) => match(box.value));
    for (const [key] of gone) this.delete(key);
  }

  clear() {
    this.lru.clear();
    if (this.guardMs) {
      this.clearedAt = Date.now();
      this.droppedAt.clear();
    }
  }
}
