/**
 * Backup and restore of either database, for `npm run db:backup` and `npm run db:restore`: pg_dump's custom
 * format for PostgreSQL (DATABASE_URL), PGlite's own data-directory dump (a gzipped tar) for the embedded one.
 * The embedded database belongs to one process at a time: stop the server before either command.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig, readEnvFile } from '../config.js';

export class OpsError extends Error {}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(new OpsError(err.code === 'ENOENT' ? `找不到 ${cmd}（请安装 PostgreSQL 客户端）(${cmd} not found)` : err.message)),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new OpsError(`${cmd} 失败 (exit ${code})`))));
  });
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

export async function backup(out?: string): Promise<string> {
  readEnvFile();
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(
    out ?? path.join('backups', `shiju-${config.databaseUrl ? 'postgres' : 'pglite'}-${stamp}${config.databaseUrl ? '.dump' : '.tar.gz'}`),
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, config.databaseUrl]);
    return file;
  }
  const where = pgliteDir(config.dataDir);
  if (!fs.existsSync(path.join(where, 'PG_VERSION'))) throw new OpsError(`没有可备份的内嵌数据库 (no embedded database in ${where})`);
  const db = await PGlite.create(where);
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  return file;
}

/** Replaces the database's content with the backup's. The embedded database's old files are kept aside, not deleted. */
export async function restore(file: string): Promise<string | null> {
  readEnvFile();
  const config = loadConfig();
  if (!fs.existsSync(file)) throw new OpsError(`备份文件不存在 (no such file): ${file}`);
  if (config.databaseUrl) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', config.databaseUrl, file]);
    return null;
  }
  const where = pgliteDir(config.dataDir);
  let keptAside: string | null = null;
  if (fs.existsSync(where) && fs.readdirSync(where).length) {
    keptAside = `${where}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(where, keptAside);
  }
  fs.mkdirSync(where, { recursive: true });
  const db = await PGlite.create(where, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.query('select 1');
  await db.close();
  return keptAside;
}

/** The two programs' shared ending: a message without a stack trace on a failure the operator can fix. */
export function finish(work: Promise<string>) {
  work.then(
    (msg) => {
      console.log(msg);
      process.exit(0);
    },
    (err: unknown) => {
      const known = err instanceof OpsError || err instanceof ConfigError;
      console.error(`✗ ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}`);
      process.exit(1);
    },
  );
}
