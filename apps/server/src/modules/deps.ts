/**
 * What the composition (modules/index.ts, with the app's runtime from runtime.ts) hands each module's handler
 * factory: the database, the settings and the parts of the app's runtime it names, so a module's signature says
 * which caches, buffers and broadcasts it touches (and the compiler holds it to that). Below every module: it names
 * only db and lib types, never a module's, so nothing imports in a circle.
 */
import type { Config } from '../config.js';
import type { Reader } from '../db/reader.js';
import type { Db } from '../db/types.js';
import type { Broadcast } from '../lib/broadcast.js';
import type { JobQueue } from '../lib/jobQueue.js';
import type { Mailer } from '../lib/mailer.js';
import type { Metrics } from '../lib/metrics.js';
import type { SensitiveWords } from '../lib/sensitive.js';
import type { Storage } from '../lib/storage.js';

/** The parts of the app's runtime made from db and lib, which any module may name by key. */
export interface RuntimeServices {
  /** What time it is for the app's rules (a like's weight, the rankings' periods): tests pass a fixed clock. */
  now: () => Date;
  /** The database for reads that tolerate lag: a fresh replica, or the primary (db/reader.ts). */
  reader: Reader;
  broadcast: Broadcast;
  metrics: Metrics;
  mailer: Mailer;
  /** Uploads and export archives: the local directory or an S3-compatible bucket (STORAGE). */
  storage: Storage;
  sensitive: SensitiveWords;
  /** When each pending order's provider was last asked while its buyer's dialog polls (orders/payments.ts). */
  paymentPolls: Map<number, number>;
  /** One image at a time (sharp itself uses one thread per job), up to 8 waiting; more answer A0501. */
  imageJobs: JobQueue;
}

/**
 * A module factory's dependencies: `K` the shared parts it names, `Own` the parts of the runtime that a module makes
 * (its caches, buffers), named by that module's own types (the essays module's EssayCaches, discovery's rankings…).
 */
export interface ModuleDeps<K extends keyof RuntimeServices = never, Own extends object = object> {
  db: Db;
  config: Config;
  runtime: Pick<RuntimeServices, K> & Own;
}
