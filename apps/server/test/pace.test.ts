/** Background work's rests (lib/pace.ts), on vitest's fake clock: a step holds at most its share of the time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rest } from '../src/lib/pace.js';

afterEach(() => void vi.useRealTimers());

const restedFor = async (tookMs: number, share: number) => {
  vi.useFakeTimers();
  const started = Date.now() - tookMs;
  let done = false;
  void rest(started, share).then(() => (done = true));
  let waited = 0;
  while (!done) {
    await vi.advanceTimersByTimeAsync(1);
    waited++;
  }
  return waited;
};

describe('rest between steps', () => {
  it('rests as long as the step took at a share of one half, three times as long at a quarter', async () => {
    expect(await restedFor(40, 0.5)).toBe(40);
    expect(await restedFor(40, 0.25)).toBe(120);
  });

  it('rests a little even after a step that took no time, so waiting requests get their turn', async () => {
    expect(await restedFor(0, 0.5)).toBe(5);
  });
});
