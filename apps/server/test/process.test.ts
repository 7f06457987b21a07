/**
 * The compiled server as a process: it refuses bad configuration with a clear message, listens only once it has
 * warmed up, on SIGTERM it finishes the requests in flight before it exits, and `npm start` (npm → scripts/start.mjs)
 * passes SIGTERM and SIGINT on to it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { apiAs, freePort, serverMain, sleep, startServer } from './processes.js';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverMain], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'info', SEED_ON_START: 'false', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-proc-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('start-up refusals', () => {
  it.each([
    [{ DATABASE_URL: 'mysql://root@localhost/x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' }, '无法连接数据库'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WORKERS: '2' }, '嵌入式数据库只能由一个进程使用'],
    [{ WORKERS: 'many' }, 'WORKERS'],
  ])('refuses %j with a message naming the problem', async (env, expected) => {
    const p = start({ DATA_DIR: tmp(), PORT: '0', ...env });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('无法启动');
    expect(p.output()).toContain(expected);
    expect(p.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
  });

  it('reads settings from the env file (ENV_FILE, else ./.env) and refuses a missing one', async () => {
    const file = path.join(tmp(), 'shiju.env');
    fs.writeFileSync(file, '# from the file\nDATABASE_URL=mysql://root@localhost/x\n');
    const fromFile = start({ DATA_DIR: tmp(), PORT: '0', ENV_FILE: file });
    expect(await fromFile.exited).toBe(1);
    expect(fromFile.output()).toContain('DATABASE_URL');
    const missing = start({ DATA_DIR: tmp(), PORT: '0', ENV_FILE: path.join(tmp(), 'none.env') });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('ENV_FILE');
  });

  it('refuses an unwritable data directory', async () => {
    const dir = tmp();
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const p = start({ DATA_DIR: file, PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('数据目录不可写');
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const p = start({ DATA_DIR: tmp(), PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    // Bounded only by the test's own timeout: a start that never ends is the failure, not a slow one.
    while (!p.output().includes('is ready')) {
      expect(p.child.exitCode, p.output()).toBeNull();
      await sleep(100);
    }
    // Sign-ups hash a password (tens of ms each). The signal goes once the server has logged every one of them
    // as received, so each is truly in flight when SIGTERM arrives.
    const count = 8;
    const inFlight = Array.from({ length: count }, (_, i) =>
      apiAs(base, 'register', { body: { username: `shutdown_${i}`, password: 'goodpass123', agree: true } }),
    );
    const received = () =>
      p
        .output()
        .split('\n')
        .filter((l) => l.includes('incoming request') && l.includes('/auth/register')).length;
    while (received() < count) await new Promise((r) => setTimeout(r, 5));
    p.child.kill('SIGTERM');
    const results = await Promise.allSettled(inFlight);
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    // every request that reached the server got its whole answer — never a cut connection, never a 503
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.code : 'cut'))).toEqual(Array(count).fill('00000'));
  });
});

describe('start-up', () => {
  it('listens only once it has warmed up, every warm-up call answered', async () => {
    const port = await freePort();
    const p = start({ DATA_DIR: tmp(), PORT: String(port), NODE_ENV: 'production', JOBS_START_DELAY: '0' });
    try {
      // Knock on the port from the moment the process starts and, through the first connection it takes, ask what
      // the server has answered so far. Listening before the warm-up ended would let this request in while the
      // warm-up's calls were still being made (they take the server hundreds of ms): fewer than it made.
      let metrics: string | undefined;
      while (metrics === undefined) {
        expect(p.child.exitCode, p.output()).toBeNull();
        metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then(
          (r) => r.text(),
          () => undefined,
        );
        if (metrics === undefined) await sleep(2);
      }
      const answeredBefore = [...metrics.matchAll(/^shiju_http_requests_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
      while (!p.output().includes('is ready')) await sleep(50);
      const lines = p
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; calls?: number; failed?: string[] });
      const warmed = lines.findIndex((l) => l.msg === 'warmed up');
      const listening = lines.findIndex((l) => l.msg.startsWith('Server listening'));
      expect(warmed).toBeGreaterThan(-1);
      expect(lines[warmed]!.calls).toBeGreaterThan(0);
      expect(lines[warmed]!.failed).toEqual([]);
      expect(answeredBefore).toBeGreaterThanOrEqual(lines[warmed]!.calls!);
      // Every line of the process goes through one stream in the order it was logged (main.ts), Fastify's own
      // "Server listening" included: its place in the output is the order of the events themselves.
      expect(listening).toBeGreaterThan(warmed);
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
});

describe('npm start', () => {
  it('loads the starter library on a first start in a process of its own, once, before the server listens', async () => {
    const npm = await startServer({ DATA_DIR: tmp(), SEED_ON_START: 'true' }, ['npm', 'start']);
    try {
      const out = npm.output();
      expect(out).toMatch(/time: first import \d+\.\d s/);
      expect(out.split('loading the starter library').length - 1).toBe(1);
      expect(out.indexOf('time: first import')).toBeLessThan(out.indexOf('is ready'));
      const page = await apiAs(npm.base, 'essaysPage', { body: { pageSize: 1 } });
      expect(page.code).toBe('00000');
      expect(page.data.totalCapped).toBe(true); // over a thousand texts
    } finally {
      npm.kill('SIGTERM');
      await npm.exited;
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('ends the server gracefully on %s to the npm process', async (signal) => {
    const npm = await startServer({ DATA_DIR: tmp() }, ['npm', 'start']);
    const serverPid = Number(/"pid":(\d+)/.exec(npm.output())?.[1]);
    expect(serverPid).toBeGreaterThan(0);
    expect((await apiAs(npm.base, 'health')).status).toBe(200);
    npm.kill(signal);
    // npm ends once its script has; the server (that script's own process) must be gone with it. Both waits are
    // bounded by the test's timeout only: a hang fails, a slow machine does not.
    await npm.exited;
    const serverGone = () => {
      try {
        process.kill(serverPid, 0);
        return false;
      } catch {
        return true;
      }
    };
    while (!serverGone()) await sleep(100);
    expect(npm.output()).toContain('shutting down');
  });
});
