import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingStore, FADE_MS, LINGER_MS } from './loading.js';

let loadingStore = createLoadingStore();

/** Records every change of the mask as the mask component sees it. */
function watch() {
  const seen: boolean[] = [];
  let last = loadingStore.isShown();
  const stop = loadingStore.subscribe(() => {
    const now = loadingStore.isShown();
    if (now !== last) seen.push((last = now));
  });
  return { seen, stop };
}

describe('the loading mask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    loadingStore = createLoadingStore();
  });
  afterEach(() => vi.useRealTimers());

  it('shows while a request runs and hides after the linger', () => {
    const w = watch();
    loadingStore.start();
    expect(loadingStore.isShown()).toBe(true);
    loadingStore.end();
    expect(loadingStore.isLoading()).toBe(false);
    expect(loadingStore.isShown()).toBe(true);
    vi.advanceTimersByTime(LINGER_MS);
    expect(loadingStore.isShown()).toBe(false);
    expect(w.seen).toEqual([true, false]);
    w.stop();
  });

  it('counts concurrent requests as one mask', () => {
    const w = watch();
    loadingStore.start();
    loadingStore.start();
    loadingStore.end();
    vi.advanceTimersByTime(LINGER_MS * 3);
    expect(loadingStore.isShown()).toBe(true);
    loadingStore.end();
    vi.advanceTimersByTime(LINGER_MS);
    expect(w.seen).toEqual([true, false]);
    w.stop();
  });

  it('is one mask for requests that follow each other, and does not come back mid-fade', () => {
    const w = watch();
    // A chain: each request starts as the previous one answers.
    for (let i = 0; i < 3; i++) {
      loadingStore.start();
      vi.advanceTimersByTime(50);
      loadingStore.end();
      vi.advanceTimersByTime(LINGER_MS - 10);
    }
    vi.advanceTimersByTime(20);
    expect(w.seen).toEqual([true, false]);
    // A short request during the fade-out: no second mask.
    vi.advanceTimersByTime(FADE_MS / 4);
    loadingStore.start();
    vi.advanceTimersByTime(FADE_MS / 4);
    loadingStore.end();
    vi.advanceTimersByTime(FADE_MS * 2);
    expect(w.seen).toEqual([true, false]);
    // A long one started during the fade shows once the fade is over.
    loadingStore.start();
    vi.advanceTimersByTime(10);
    loadingStore.end();
    vi.advanceTimersByTime(LINGER_MS);
    expect(w.seen).toEqual([true, false, true, false]);
    vi.advanceTimersByTime(FADE_MS / 2);
    loadingStore.start();
    expect(loadingStore.isShown()).toBe(false);
    vi.advanceTimersByTime(FADE_MS);
    expect(loadingStore.isShown()).toBe(true);
    loadingStore.end();
    vi.advanceTimersByTime(LINGER_MS);
    expect(w.seen).toEqual([true, false, true, false, true, false]);
    w.stop();
  });

  it('ignores an end without a start', () => {
    loadingStore.end();
    expect(loadingStore.isLoading()).toBe(false);
    loadingStore.start();
    expect(loadingStore.isLoading()).toBe(true);
    loadingStore.end();
    expect(loadingStore.isLoading()).toBe(false);
  });
});
