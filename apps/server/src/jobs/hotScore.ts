/**
 * The hot score decays with time, so it is refreshed periodically (and on every like/collect/imitation of a
 * text). Texts whose score has already decayed to nothing are left alone after one last refresh.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { essays } from '../db/schema.js';
import { hotScoreSql } from '../modules/essays/queries.js';

export async function refreshHotScores(db: Db): Promise<number> {
  const rows = await db
    .update(essays)
    .set({ hotScore: hotScoreSql })
    .where(and(eq(essays.status, 'published'), or(gt(essays.publishedAt, sql`now() - interval '60 days'`), gt(essays.hotScore, 1e-4))))
    .returning({ id: essays.id });
  return rows.length;
}

export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

export const JOBS: Job[] = [{ name: 'hot-scores', everyMs: 10 * 60 * 1000, run: refreshHotScores }];

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
    return setInterval(tick, job.everyMs).unref();
  });
  return () => timers.forEach(clearInterval);
}
