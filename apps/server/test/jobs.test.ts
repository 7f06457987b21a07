/**
 * Scheduled jobs and restarts: each job's last run is stored, and a start (a deploy, a failover) skips a
 * job whose last run is younger than its interval instead of running every job again while readers wait.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startJobs, type Job } from '../src/jobs/scheduler.js';
import { createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let now = new Date('2026-11-26T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const quiet = { info() {}, warn() {}, error() {} };
/** The configuration with the due jobs running at once (the start delay has its own test below). */
const atOnce = () => ({ ...t.config, jobsStartDelayMs: 0 });

/** One start of the scheduler with `job`, as a lone process at start; resolves once its first tick has ended. */
async function startOnce(job: Job, runs: string[]) {
  const logged: string[] = [];
  const log = { ...quiet, info: (_o: object, m: string) => void logged.push(m) };
  const stop = startJobs(t.database.db, atOnce(), t.app.runtime, log, [job]);
  for (let i = 0; i < 200 && !logged.some((m) => m === 'job done' || m.startsWith('job skipped')); i++)
    await new Promise((r) => setTimeout(r, 10));
  stop();
  return { ran: runs.length, logged };
}

describe('a start', () => {
  it('runs a job never run, skips it while its last run is fresh, and runs it again once the interval has passed', async () => {
    const runs: string[] = [];
    const job: Job = { name: 'test-hourly', everyMs: 60 * 60 * 1000, run: async () => runs.push('run') };
    expect((await startOnce(job, runs)).ran).toBe(1);

    now = new Date(now.getTime() + 59 * 60 * 1000);
    const second = await startOnce(job, runs);
    expect(second.ran).toBe(1);
    expect(second.logged).toContain('job skipped at start: its last run is fresh');

    now = new Date(now.getTime() + 2 * 60 * 1000);
    expect((await startOnce(job, runs)).ran).toBe(2);
  });

  it('does not count a failed run as fresh', async () => {
    let calls = 0;
    const job: Job = {
      name: 'test-failing',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    };
    const log = quiet;
    for (let i = 0; i < 2; i++) {
      const stop = startJobs(t.database.db, atOnce(), t.app.runtime, log, [job]);
      for (let w = 0; w < 200 && calls <= i; w++) await new Promise((r) => setTimeout(r, 10));
      stop();
    }
    expect(calls).toBe(2);
  });

  it('runs the due jobs only once the start has served for JOBS_START_DELAY', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const runs: string[] = [];
      // The run is awaited, not polled: after the start timer fires, the job first reads its last run from the
      // database (real I/O, however slow the machine), so a fixed number of turns of the loop proves nothing.
      let ran!: () => void;
      const done = new Promise<void>((resolve) => (ran = resolve));
      const job: Job = {
        name: 'test-delayed',
        everyMs: 60 * 60 * 1000,
        run: async () => {
          runs.push('run');
          ran();
        },
      };
      const stop = startJobs(t.database.db, { ...t.config, jobsStartDelayMs: 30_000 }, t.app.runtime, quiet, [job]);
      // Pending: the job's interval and the start's timer. Had the start ignored the delay, its timer would be gone.
      expect(vi.getTimerCount()).toBe(2);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(vi.getTimerCount()).toBe(2);
      expect(runs).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(vi.getTimerCount()).toBe(1);
      await done;
      expect(runs).toHaveLength(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads JOBS_START_DELAY in seconds (30 by default) and refuses a bad one naming it', () => {
    expect(loadConfig({}).jobsStartDelayMs).toBe(30_000);
    expect(loadConfig({ JOBS_START_DELAY: '0' }).jobsStartDelayMs).toBe(0);
    expect(loadConfig({ JOBS_START_DELAY: '90' }).jobsStartDelayMs).toBe(90_000);
    for (const [bad, message] of [
      ['-5', '不能为负数'],
      ['soon', '必须是 0 到 3600 之间的整数'],
      ['1.5', '必须是整数'],
      ['7200', '至多为 3600 秒'],
    ])
      expect(() => loadConfig({ JOBS_START_DELAY: bad })).toThrow(new RegExp(`JOBS_START_DELAY: ${message}`));
  });
});
