/** Background work's rests (lib/pace.ts), on vitest's fake clock: a step holds at most its share of the time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inGroups, rest } from '../src/lib/pace.js';

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

describe('work in groups', () => {
  it('runs a group at a time, answers in order and stops when told', async () => {
    let running = 0;
    let most = 0;
    const work = async (n: number) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
      return n * 10;
    };
    expect(await inGroups([1, 2, 3, 4, 5, 6, 7], 3, work)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
    let groups = 0;
    const stopped = await inGroups([1, 2, 3, 4, 5], 2, work, () => groups++ < 2);
    expect(stopped).toEqual([10, 20, 30, 40]);
  });
});
