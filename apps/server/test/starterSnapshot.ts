/**
 * The starter library, imported once per test run and database kind for the files that read it (search, authors,
 * rankings, the import's own checks), instead of once per file. The first file that asks for a kind builds it while
 * the others wait on a lock; then each file starts from a copy of its own, so no file sees another's changes: on
 * PGlite a fresh in-memory database loads the dumped data directory, on PostgreSQL the file's database is created
 * from the run's template database. globalSetup names the run (StarterRun) and removes both at its end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedIfEmpty } from '../src/import/index.js';
import { adminQuery, databaseUrl, dropPostgres, freshPostgres } from './postgres.js';

/** One test run's snapshots: where they are kept and the importer's clock. */
export interface StarterRun {
  /** A directory of the run's own: the PGlite image, each kind's outcome, the build locks. */
  dir: string;
  /** The PostgreSQL template database, named for this run so parallel runs never meet. */
  template: string;
  /** The importer's reference time (ISO, whole seconds): every copy was imported "now" at this moment. */
  now: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    starterRun: StarterRun;
  }
}

export type DatabaseKind = 'pglite' | 'postgres';

/** What seeding the empty database did, as the first start of a new install would. */
export interface StarterOutcome {
  seeded: boolean;
  /** The messages seedIfEmpty logged. */
  logged: string[];
}

function currentRun(): StarterRun {
  const run = inject('starterRun');
  if (!run) throw new Error('starterRun is not provided: run the server tests with apps/server/vitest.config.ts');
  return run;
}

/** The moment the starter library was imported at: a test on a fixed clock uses it as its "now". */
export function starterNow(): Date {
  return new Date(currentRun().now);
}

/** Seeds an empty database with the starter library at the run's clock. */
async function seed(database: Database, now: Date): Promise<StarterOutcome> {
  const logged: string[] = [];
  const seeded = await seedIfEmpty(database.db, { info: (_obj, msg) => logged.push(msg ?? '') }, { now });
  return { seeded, logged };
}

/** Whether the process that wrote this lock file still runs (an empty file is being written: its writer runs). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds `kind` once per run: the file that takes the lock builds and records the outcome, the others wait for it.
 * A lock left by a process that died is taken over; a build that failed is tried again by the next file.
 */
async function once(run: StarterRun, kind: DatabaseKind, build: () => Promise<StarterOutcome>): Promise<StarterOutcome> {
  const done = path.join(run.dir, `${kind}.json`);
  const lock = path.join(run.dir, `${kind}.lock`);
  for (;;) {
    if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, 'utf8')) as StarterOutcome;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (holderAlive(lock)) await sleep(200);
      else fs.rmSync(lock, { force: true });
      continue;
    }
    try {
      if (!fs.existsSync(done)) {
        const outcome = await build();
        fs.writeFileSync(`${done}.tmp`, JSON.stringify(outcome));
        fs.renameSync(`${done}.tmp`, done);
      }
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

const imagePath = (run: StarterRun) => path.join(run.dir, 'pglite.tar');

/** PGlite: seed an in-memory database and dump its data directory. */
async function buildPglite(run: StarterRun): Promise<StarterOutcome> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const outcome = await seed(database, new Date(run.now));
    await database.db.execute(sql`checkpoint`);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    fs.writeFileSync(`${imagePath(run)}.tmp`, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(`${imagePath(run)}.tmp`, imagePath(run));
    return outcome;
  } finally {
    await database.close();
  }
}

/** PostgreSQL: seed the run's template database, then close every session so it can be copied. */
async function buildPostgres(run: StarterRun, adminUrl: string): Promise<StarterOutcome> {
  await dropPostgres(adminUrl, run.template);
  await adminQuery(adminUrl, `create database ${run.template}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, run.template), dataDir: 'memory://', poolSize: 4 });
  try {
    return await seed(database, new Date(run.now));
  } finally {
    await database.close();
  }
}

/**
 * A database of this file's own holding the starter library as imported at starterNow(): in-memory PGlite, or a
 * new PostgreSQL database when TEST_DATABASE_URL is set (or on PGlite whatever it is, with kind 'pglite'). `drop`
 * removes a PostgreSQL copy after `database.close()`.
 */
export async function openStarterDatabase(kind: DatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', poolSize = 10) {
  const run = currentRun();
  if (kind === 'pglite') {
    const outcome = await once(run, kind, () => buildPglite(run));
    const image = new Blob([fs.readFileSync(imagePath(run))]);
    const database = await openDatabase({ dataDir: 'memory://', image });
    return { database, outcome, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('a PostgreSQL starter library needs TEST_DATABASE_URL');
  const outcome = await once(run, kind, () => buildPostgres(run, adminUrl));
  const copy = await freshPostgres(adminUrl, run.template);
  const database = await openDatabase({ databaseUrl: copy.url, dataDir: 'memory://', poolSize });
  return { database, outcome, drop: copy.drop };
}
