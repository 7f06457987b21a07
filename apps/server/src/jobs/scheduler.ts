/** Scheduled work, run inside the server process: each job on its interval, never overlapping itself. */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { ranWithin, recordRun } from './jobQueries.js';
import type { Runtime } from '../runtime.js';
import { freezePreviousWeek } from '../modules/discovery/index.js';
import { refreshRankings } from '../modules/discovery/index.js';
import { reconcilePayments } from '../modules/orders/index.js';
import { liftExpiredBans } from '../modules/users/index.js';
import { purgeDueAccounts } from '../modules/people/index.js';
import { closeDueChallenges } from '../modules/challenges/index.js';
import { backfillSignatures } from '../modules/duplicates/index.js';
import { scanConflicts } from '../modules/conflicts/index.js';
import { pruneStale } from '../modules/limits/index.js';

type JobLog = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };

export interface Job {
  name: string;
  everyMs: number;
  run(db: Db, config: Config, log: JobLog, runtime: Runtime): Promise<unknown>;
}

export const JOBS: Job[] = [
  // The leaderboard's lists (a few thousand rows each); ranked order itself needs no job (docs/decisions/0016). The
  // month and all-time lists read most of the corpus (seconds of the database's time, in chunks with rests between:
  // discovery/ranking.ts) and move slowly, so they are refreshed hourly.
  {
    name: 'rankings-day-week',
    everyMs: 10 * 60 * 1000,
    run: (db, _c, _l, rt) => refreshRankings(db, rt.broadcast, ['day', 'week'], rt.now()),
  },
  {
    name: 'rankings-month-all',
    everyMs: 60 * 60 * 1000,
    run: (db, _c, _l, rt) => refreshRankings(db, rt.broadcast, ['month', 'all'], rt.now()),
  },
  // Checked hourly and at start; freezing a week that is already frozen does nothing.
  { name: 'best-of-week', everyMs: 60 * 60 * 1000, run: freezePreviousWeek },
  // Unpaid orders close after 30 minutes, here and at their provider; late callbacks and refunds are followed up.
  { name: 'close-stale-orders', everyMs: 60 * 1000, run: (db, config, log, rt) => reconcilePayments(db, config, rt, log) },
  // A ban's end lifts it here too, not only at its user's next sign-in (their texts come back on time).
  { name: 'lift-expired-bans', everyMs: 10 * 60 * 1000, run: (db, _c, _l, rt) => liftExpiredBans(db, rt.broadcast) },
  // Texts stored before signatures existed (an upgraded install) get theirs, 200 per transaction; a fresh install's
  // import writes them itself, so this finds nothing there.
  { name: 'text-signatures', everyMs: 10 * 60 * 1000, run: (db) => backfillSignatures(db) },
  // 注销: accounts whose 15-day cooling-off has ended lose their personal data (people/service.ts).
  {
    name: 'purge-deleted-accounts',
    everyMs: 10 * 60 * 1000,
    run: (db, _c, log, rt) => purgeDueAccounts(db, rt.broadcast, rt.storage, log),
  },
  // 每周仿写: a challenge past its close is closed once (entries frozen, winners fixed, messages sent); reading it
  // first closes it too. Claimed in the database, so any number of processes may run it at once.
  { name: 'close-challenges', everyMs: 60 * 1000, run: (db, _c, _l, rt) => closeDueChallenges(db, rt.now()) },
  // Rate counters (limits) whose window ended over a month ago: ad clicks keep one a visitor and ad.
  { name: 'prune-rate-counters', everyMs: 60 * 60 * 1000, run: (db) => pruneStale(db) },
  // 署名冲突: the library read by id from where the last run stopped, 25 texts per transaction (resting three times as
  // long as each took), each against the older ones with its words; only new texts after the first run (a post is
  // checked when posted). Texts stored without a signature are signed first, so none is passed over. Last: at a start
  // the due jobs run one after another in this order, and its first walk of a full corpus takes hours.
  {
    name: 'attribution-conflicts',
    everyMs: 10 * 60 * 1000,
    run: async (db) => ({ ...(await backfillSignatures(db)), ...(await scanConflicts(db)) }),
  },
];

/** Which process runs the jobs (cluster.ts); a lone process always does. */
export interface JobRunner {
  isLeader(): boolean;
  /** Called when this process becomes the runner: each job runs once then, as a lone process does at start. */
  onLeadership(cb: () => void): void;
}
const ALONE: JobRunner = { isLeader: () => true, onLeadership: (cb) => cb() };

/** Runs each job on its interval, never overlapping itself, in the runner process only; returns a stopper for shutdown. */
export function startJobs(db: Db, config: Config, runtime: Runtime, log: JobLog, jobs = JOBS, runner: JobRunner = ALONE) {
  const { jobRuns: jobRunsMetric } = runtime.metrics;
  const ticks = jobs.map((job) => {
    let running = false;
    /** `atStart`: skip the run while the job's last one (any process's) is younger than its interval. */
    const tick = async (atStart = false) => {
      if (running || !runner.isLeader()) return;
      running = true;
      const started = Date.now();
      try {
        if (atStart && (await ranWithin(db, job, runtime.now()))) {
          log.info({ job: job.name }, 'job skipped at start: its last run is fresh');
          return;
        }
        const result = await job.run(db, config, log, runtime);
        await recordRun(db, job.name, runtime.now());
        log.info({ job: job.name, result, ms: Date.now() - started }, 'job done');
        jobRunsMetric.inc({ job: job.name, outcome: 'ok' });
      } catch (err) {
        log.error({ job: job.name, err }, 'job failed');
        jobRunsMetric.inc({ job: job.name, outcome: 'failed' });
      } finally {
        running = false;
      }
    };
    return { tick, every: job.everyMs };
  });
  const timers = ticks.map(({ tick, every }) => setInterval(() => void tick(), every).unref());
  // At a start (or on becoming the runner) the jobs that are due run one after another, not all at once beside the
  // first readers, and only once the process has served for `jobsStartDelayMs`: a fresh process answers slower while
  // its code compiles, and the rankings' reads beside that starved readers (benchmarks/scale.md). A process
  // that becomes the runner later has long passed that point.
  const dueAt = Date.now() + config.jobsStartDelayMs;
  const atStart: NodeJS.Timeout[] = [];
  runner.onLeadership(() => {
    const timer = setTimeout(
      () => {
        void (async () => {
          for (const { tick } of ticks) await tick(true);
        })();
      },
      Math.max(0, dueAt - Date.now()),
    );
    atStart.push(timer.unref());
  });
  return () => {
    timers.forEach(clearInterval);
    atStart.forEach(clearTimeout);
  };
}
