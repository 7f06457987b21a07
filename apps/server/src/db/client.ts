/**
 * One Drizzle database over either PGlite (embedded, files under DATA_DIR) or PostgreSQL (DATABASE_URL).
 * Both speak the same SQL and run the same committed migrations.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema.js';
import { ReplicaSet } from './replicas.js';
import type { Db, DbLog } from './types.js';

export type { Db, DbLog, Exec, Tx } from './types.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (metrics, LISTEN); absent on PGlite. */
  pool?: pg.Pool;
  /** Streaming replicas for lag-tolerant reads (DATABASE_READ_URL); absent without them. */
  replicas?: ReplicaSet;
  close(): Promise<void>;
}

export class DatabaseOpenError extends Error {}

/** Arbitrary, fixed: the advisory lock id held while migrations run. */
const MIGRATIONS_LOCK = '7311740020';

/** Whether an embedded database has been created in `dataDir` already. */
export function pgliteExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Open PGlite in `dataDir/pgdata`, or in memory when dataDir is 'memory://'; `image`, a data directory dumped by
 * PGlite's dumpDataDir, is what a new database starts from (the tests' starter library).
 */
async function openPglite(dataDir: string, image?: Blob): Promise<Database> {
  let where: string | undefined;
  if (dataDir !== 'memory://') {
    where = path.join(dataDir, 'pgdata');
    try {
      fs.mkdirSync(where, { recursive: true });
      fs.accessSync(where, fs.constants.W_OK);
    } catch (err) {
      throw new DatabaseOpenError(`数据目录不可写 (data directory not writable): ${where} — ${(err as Error).message}`);
    }
  }
  // PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never shrinks;
  // the files are in the operating system's page cache anyway, so 16 MB keeps the embedded server small.
  const options = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'], loadDataDir: image };
  const client = where ? await PGlite.create(where, options) : await PGlite.create(options);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, poolSize: number, log?: DbLog, readUrls: string[] = [], maxLagMs?: number): Promise<Database> {
  // A short connect timeout: while PostgreSQL is away, requests answer B0002 quickly instead of queueing.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, keepAlive: true });
  // A connection dying (PostgreSQL restarting) emits 'error' on its client; without a listener Node ends the
  // process. The pool listens only to idle clients, so every client gets its own listener for its whole life;
  // the query in flight fails with the same error and the pool discards the client on release.
  const lost = (err: Error) =>
    log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const safeUrl = url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:***@');
    throw new DatabaseOpenError(`无法连接数据库 (cannot connect to DATABASE_URL ${safeUrl}): ${(err as Error).message}`);
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  // Several processes starting at once take turns: the first migrates, the others then find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK]).catch(() => {});
    lock.release();
  }
  if (!readUrls.length) return { db, kind: 'postgres', pool, close: () => pool.end() };
  // A replica away at start is no reason not to start: reads go to the primary until it answers.
  const replicas = new ReplicaSet(readUrls, pool, log, poolSize, maxLagMs);
  await replicas.start();
  return {
    db,
    kind: 'postgres',
    pool,
    replicas,
    close: async () => {
      await replicas.close();
      await pool.end();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  log?: DbLog;
  /** Streaming replicas of databaseUrl (DATABASE_READ_URL); ignored without databaseUrl (config.ts refuses that). */
  readUrls?: string[];
  /** How far behind a replica may be and still be read (MAX_REPLICA_LAG_MS); tests lengthen it. */
  replicaMaxLagMs?: number;
  /** PGlite only: a dumped data directory to start from (openPglite). */
  image?: Blob;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20, opts.log, opts.readUrls, opts.replicaMaxLagMs)
    : openPglite(opts.dataDir, opts.image);
}

/** Renders statements to text as both drivers do (rowsOf's prepared statements, db/names.ts). */
export const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a hot read. With `prepared`, on PostgreSQL it is a named prepared statement, parsed once per pooled connection
 * (node-postgres keeps the names) and, after a few runs, planned once too: a details page's reads cost more to plan
 * than to run. Only for statements whose best plan does not depend on the values: one generic plan of the personal
 * feed for every reader and page is far worse than a plan for the values at hand, so lists and the feed are planned
 * afresh. PGlite has no pool of connections to keep statements on, so it runs the text plainly.
 */
export async function rowsOf<T>(db: Db, query: SQL, prepared = false): Promise<T[]> {
  const client: unknown = db.$client;
  if (prepared && client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `q${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return (await db.execute(query)).rows as T[];
}
