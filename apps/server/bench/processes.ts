/**
 * The benchmarks' processes: the bench database on PostgreSQL, and the app or the bare route each in a process of its
 * own (bench/server.ts, bench/bare.ts), which reports its port once it listens.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DB_NAME = process.env.BENCH_DB ?? 'shiju_bench';

/** The bench database (created empty when missing: bench/server.ts loads the corpus into it once). */
export async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!exists.rowCount) await admin.query(`create database ${DB_NAME}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return { url: url.toString(), version };
}

export interface Started<M> {
  pid: number;
  port: number;
  message: M;
  /** Holds the process still (SIGSTOP) or lets it go on (SIGCONT). */
  pause(paused: boolean): void;
  stop(): Promise<void>;
}

/** Forks `file` (in bench/) and resolves with its first message, `{ ready: { port } }` and whatever else it sends. */
export function start<M extends { ready: { port: number } }>(file: string, env: NodeJS.ProcessEnv): Promise<Started<M>> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(path.join(import.meta.dirname, file), [], { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
    const onExit = (code: number | null) => reject(new Error(`${file} exited (${code})`));
    child.on('exit', onExit);
    child.on('message', (m: M) => {
      child.off('exit', onExit);
      resolve({
        pid: child.pid!,
        port: m.ready.port,
        message: m,
        pause: (paused) => void child.kill(paused ? 'SIGSTOP' : 'SIGCONT'),
        stop: () =>
          new Promise((done) => {
            child.on('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
