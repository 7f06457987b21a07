/**
 * One Drizzle database over either PGlite (embedded, files under DATA_DIR) or PostgreSQL (DATABASE_URL).
 * Both speak the same SQL and run the same committed migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export class DatabaseOpenError extends Error {}

/** Open PGlite in `dataDir/pgdata`, or in memory when dataDir is 'memory://'. */
async function openPglite(dataDir: string): Promise<Database> {
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
  const client = where ? await PGlite.create(where) : await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* idle client errors are surfaced on the next query */
  });
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const safeUrl = url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:***@');
    throw new DatabaseOpenError(`无法连接数据库 (cannot connect to DATABASE_URL ${safeUrl}): ${(err as Error).message}`);
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  await migratePg(db, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20) : openPglite(opts.dataDir);
}
