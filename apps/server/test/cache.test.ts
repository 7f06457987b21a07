/**
 * The in-process cache (lib/cache.ts) on a clock of the test's own: entries kept together expire over the last fifth
 * of the TTL, not in one moment; a cache of costly values answers an expired entry while one load replaces it; an
 * invalidation is never answered from the old value.
 */
import { describe, expect, it } from 'vitest';
import { Cache } from '../src/lib/cache.js';
import { createMetrics } from '../src/lib/metrics.js';

const clock = () => {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

describe('the in-process cache', () => {
  it('spreads the expiry of entries kept together over 80–100% of the TTL', async () => {
    const c = clock();
    const cache = new Cache<number>(createMetrics(), 'spread', { ttl: 1000, max: 1000, clock: c });
    let loads = 0;
    const load = (v: number) => async () => (loads++, v);
    for (let i = 0; i < 200; i++) await cache.get(`k${i}`, load(i));
    expect(loads).toBe(200);
    c.advance(799);
    for (let i = 0; i < 200; i++) expect(await cache.get(`k${i}`, load(-1))).toBe(i);
    expect(loads).toBe(200);
    // Halfway through the spread some have expired and some not (200 draws: all on one side has odds of 2⁻¹⁹⁹).
    c.advance(101);
    for (let i = 0; i < 200; i++) await cache.get(`k${i}`, load(i));
    expect(loads).toBeGreaterThan(200);
    expect(loads).toBeLessThan(400);
  });

  it('with staleWhileRevalidate, answers an expired entry while a single load replaces it', async () => {
    const c = clock();
    const cache = new Cache<string>(createMetrics(), 'stale', { ttl: 1000, max: 10, staleWhileRevalidate: true, clock: c });
    expect(await cache.get('q', async () => 'old')).toBe('old');
    c.advance(1001);
    let release!: (v: string) => void;
    let loads = 0;
    const slow = () => (loads++, new Promise<string>((r) => (release = r)));
    expect(await cache.get('q', slow)).toBe('old');
    expect(await cache.get('q', slow)).toBe('old');
    expect(loads).toBe(1);
    release('new');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('q', async () => 'unused')).toBe('new');
  });

  it('never answers a dropped entry, stale or not', async () => {
    const c = clock();
    const cache = new Cache<string>(createMetrics(), 'dropped', { ttl: 1000, max: 10, staleWhileRevalidate: true, clock: c });
    await cache.get('q', async () => 'before the write');
    c.advance(1001);
    cache.delete('q');
    expect(await cache.get('q', async () => 'after the write')).toBe('after the write');
    cache.clear();
    expect(await cache.get('q', async () => 'after the next write')).toBe('after the next write');
  });

  it('without staleWhileRevalidate, an expired entry is loaded again before it is answered', async () => {
    const c = clock();
    const cache = new Cache<string>(createMetrics(), 'fresh', { ttl: 1000, max: 10, clock: c });
    await cache.get('s', async () => 'old');
    c.advance(1001);
    expect(await cache.get('s', async () => 'new')).toBe('new');
  });

  it('drops expired entries it is no longer asked for, once a TTL has passed, unless it answers them stale', async () => {
    for (const staleWhileRevalidate of [false, true]) {
      const c = clock();
      const cache = new Cache<number>(createMetrics(), 'purged', { ttl: 1000, max: 1000, staleWhileRevalidate, clock: c });
      for (let i = 0; i < 100; i++) await cache.get(`page${i}`, async () => i);
      c.advance(1001);
      await cache.get('another page', async () => -1);
      expect(cache.size).toBe(staleWhileRevalidate ? 101 : 1);
    }
  });
});
