/**
 * What one app holds in memory: its caches, the view buffer, the search counts, the readers' kept sessions, the
 * broadcast that invalidates them in every process, the mail transport, its metrics and the payment polling state.
 * buildApp makes one per app, so two apps in one process (tests) share nothing; each module's handler factory
 * receives the parts it names (modules/deps.ts ModuleDeps) and hands services what they need. This file and
 * modules/index.ts compose the modules: no module imports either.
 */
import type { Config } from './config.js';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.js';
import { createReader, READ_YOUR_WRITES_MS } from './db/reader.js';
import { createBroadcast } from './lib/broadcast.js';
import { JobQueue } from './lib/jobQueue.js';
import { createMailer } from './lib/mailer.js';
import { createMetrics } from './lib/metrics.js';
import { createSessionStore } from './modules/auth/index.js';
import { createFeedTotals, createRankingCache, createSearchState, flushSearchCounts } from './modules/discovery/index.js';
import { createEssayCaches, createViewBuffer } from './modules/essays/index.js';
import { createSensitiveWords } from './lib/sensitive.js';
import { createStorage } from './lib/createStorage.js';
import { createIdRanges } from './modules/open/index.js';
import type { RuntimeServices } from './modules/deps.js';

interface Log {
  warn(obj: object, msg: string): void;
}

/** What time it is for the app's rules (a like's weight, the rankings' periods): tests pass a fixed clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function createRuntime(
  config: Config,
  database: Database,
  log?: Log,
  clock: Clock = systemClock,
  opts: { redis?: Redis | null; readYourWritesMs?: number } = {},
) {
  const metrics = createMetrics(database.pool, database.replicas);
  const broadcast = createBroadcast((topic) => metrics.broadcastsReceived.inc({ topic }));
  const search = createSearchState(broadcast, metrics);
  // A replica may have loaded what a write just changed: shared caches keep nothing that soon after a drop.
  const unkeptAfterDropMs = database.replicas ? database.replicas.maxLagMs : 0;
  const services: RuntimeServices = {
    now: clock,
    reader: createReader(database, opts.redis ?? null, opts.readYourWritesMs ?? READ_YOUR_WRITES_MS),
    broadcast,
    metrics,
    mailer: createMailer(config.mail),
    storage: createStorage(config),
    sensitive: createSensitiveWords(config.sensitiveWordsFile),
    paymentPolls: new Map<number, number>(),
    imageJobs: new JobQueue(1, 8),
  };
  return {
    ...services,
    // The parts modules make, which their factories name by the modules' own types (modules/deps.ts).
    sessions: createSessionStore(database.db, broadcast, metrics),
    essayCaches: createEssayCaches(broadcast, metrics, unkeptAfterDropMs),
    views: createViewBuffer(database.db, log),
    rankings: createRankingCache(broadcast, metrics, unkeptAfterDropMs),
    feedTotals: createFeedTotals(broadcast, metrics),
    search,
    openRanges: createIdRanges(metrics),
    /** Search counts not yet written; on shutdown, before the database closes. */
    flushSearchCounts: () => flushSearchCounts(database.db, search),
  };
}

export type Runtime = ReturnType<typeof createRuntime>;
