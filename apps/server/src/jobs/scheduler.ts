/** Scheduled work, run inside the server process: each job on its interval, never overlapping itself. */
import type { Db } from '../db/client.js';
import { freezePreviousWeek } from '../modules/discovery/bestWeek.js';
import { closeStaleOrders } from '../modules/orders/service.js';
import { refreshHotScores } from './hotScore.js';

export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: 'hot-scores', everyMs: 10 * 60 * 1000, run: refreshHotScores },
  // Checked hourly and at start; freezing a week that is already frozen does nothing.
  { name: 'best-of-week', everyMs: 60 * 60 * 1000, run: freezePreviousWeek },
  { name: 'close-stale-orders', everyMs: 60 * 1000, run: closeStaleOrders },
];

/** Runs each job on its interval, never overlapping itself; returns a stopper for shutdown. */
export function startJobs(db: Db, log: { info(o: object, m: string): void; error(o: object, m: string): void }, jobs = JOBS) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      const started = Date.now();
      try {
        const result = await job.run(db);
        log.info({ job: job.name, result, ms: Date.now() - started }, 'job done');
      } catch (err) {
        log.error({ job: job.name, err }, 'job failed');
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, job.everyMs).unref();
  });
  return () => timers.forEach(clearInterval);
}
