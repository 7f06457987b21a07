/**
 * Real server processes for tests: the compiled server (`dist/main.js`, built by globalSetup) started with
 * plain node, and private PostgreSQL clusters that a test may stop and restart.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CallData, CallId } from '@shiju/contract';
import { root, serverDist } from '../../../scripts/lib.mjs';
import type { CallParts } from './helper.js';

export const serverMain = path.join(serverDist, 'main.js');

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it is true or `limitMs` passes; answers whether it became true. */
export async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

export interface ServerProcess {
  pid: number;
  base: string;
  /** The exit code, once the process has exited (its last output may still be on the way: see `closed`). */
  exited: Promise<number | null>;
  /** Once the process has exited and its output pipes have closed: `output()` is then complete. */
  closed: Promise<void>;
  alive(): boolean;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `cmd args` (the compiled server by default) with a clean environment plus `env`, and waits until it is ready. */
export async function startServer(env: Record<string, string>, cmd: string[] = [process.execPath, serverMain]): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'info',
      SEED_ON_START: 'false',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // One process unless a test asks for several (on PostgreSQL the default is the core count).
      WORKERS: '1',
      // The due jobs run as soon as a test's server listens (production waits JOBS_START_DELAY, 30 s by default).
      JOBS_START_DELAY: '0',
      // Load tests publish from a few fresh accounts; the publishing limits are hardening.test.ts's to prove.
      PUBLISHES_PER_HOUR: '100000',
      NEW_ACCOUNT_PUBLISHES_PER_HOUR: '100000',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let exitCode: number | null | undefined;
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const proc: ServerProcess = {
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    exited,
    closed,
    alive: () => exitCode === undefined,
    output: () => out,
    kill: (signal) => child.kill(signal),
  };
  // Generous: a fresh embedded database migrates first, and test machines are shared.
  await waitFor(() => out.includes('is ready') || exitCode !== undefined, 180_000);
  if (!out.includes('is ready')) throw new Error(`server did not start:\n${out.slice(-2000)}`);
  return proc;
}

export interface Answer<T = unknown> {
  status: number;
  code: string;
  data: T;
}

/**
 * One API call on its own connection (no keep-alive, so a server closing idle sockets cannot race a request);
 * the answer must be an envelope. Rejects with the socket error (e.g. ECONNREFUSED) when nothing answered,
 * and after 60 s of silence (a hang is a failure; a slow answer on a loaded machine is not).
 */
export function api(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent: false,
        timeout: 60_000,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const body = JSON.parse(text) as { code?: unknown; data?: unknown };
            if (typeof body.code !== 'string') throw new Error('no code');
            resolve({ status: res.statusCode ?? 0, code: body.code, data: body.data });
          } catch {
            reject(new Error(`not an envelope (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within 60 s: ${method} ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Call `id` of the contract as `api` makes a call: method, path and query from the contract's route table, the parts
 * typed by its input types and the answer's data by its response.
 */
export async function apiAs<K extends CallId>(
  base: string,
  id: K,
  parts?: CallParts<K>,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<CallData<K>>> {
  // Loaded when first used: the benches that start servers through this file need no app code.
  const { routeOf } = await import('./helper.js');
  const { method, url } = routeOf(id, parts);
  const { body } = (parts ?? {}) as { body?: unknown };
  return (await api(base, method, url, { ...opts, body })) as Answer<CallData<K>>;
}

const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

/** Whether this machine can run a private PostgreSQL cluster (root with runuser and the PostgreSQL 15 binaries). */
export const canRunPrivatePostgres = process.getuid?.() === 0 && fs.existsSync(`${PG_BIN}/initdb`) && fs.existsSync('/usr/sbin/runuser');

/** A throwaway PostgreSQL cluster in its own directory and port, owned by the postgres user. */
export async function privatePostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-pg-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  // Asynchronous on purpose: the test's load keeps running while PostgreSQL stops and starts.
  const asPostgres = (...args: string[]) => run('runuser', ['-u', 'postgres', '--', ...args]);
  await run('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  await asPostgres(`${PG_BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync');
  const ctl = (...args: string[]) =>
    asPostgres(
      `${PG_BIN}/pg_ctl`,
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-w',
      ...args,
    );
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl('stop', '-m', 'fast'),
    start: () => ctl('start'),
    restart: () => ctl('restart', '-m', 'fast'),
    async destroy() {
      await ctl('stop', '-m', 'immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One statement on its own connection (the database is checked behind the servers' backs). */
export async function query<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** The one classification process tests write under. */
export async function addClassification(url: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    url,
    `insert into classifications (name, description, sort) values ('美句', '测试', 1) returning id`,
  );
  return row!.id;
}
