/**
 * The server as a process: it refuses bad configuration with a clear message, and on SIGTERM it finishes
 * the requests in flight before it exits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
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
  ])('refuses %j with a message naming the problem', async (env, expected) => {
    const p = start({ DATA_DIR: tmp(), PORT: '0', ...env });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('无法启动');
    expect(p.output()).toContain(expected);
    expect(p.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
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
    const port = 20000 + Math.floor(Math.random() * 20000);
    const p = start({ DATA_DIR: tmp(), PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 450; i++) {
      if (p.output().includes('is ready')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(p.output()).toContain('is ready');
    // Sign-ups hash a password (tens of ms each): some are surely in flight when the signal arrives.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `shutdown_${i}`, password: 'goodpass123' }),
      }).then((r) => r.json() as Promise<{ code: string }>),
    );
    await new Promise((r) => setTimeout(r, 15));
    p.child.kill('SIGTERM');
    const results = await Promise.allSettled(inFlight);
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    const answered = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ code: string }>).value.code);
    expect(answered.length).toBeGreaterThan(0);
    // every request that reached the server got a whole answer: success, or 503 while closing — never a cut connection
    for (const code of answered) expect(['00000', 'B0001', 'A0501']).toContain(code);
  });
});
