/**
 * `npm run bench:highlights`: the library's speed targets on their own, without the whole `npm run bench`. Details
 * of the text with 10,000 highlights from 1,000 readers against a copy of it without any (bench/data.ts), in
 * alternating 3 s bursts, five of each: on PostgreSQL (the full corpus, `shiju_bench`, 50 connections; target p99 at
 * most 1.2× the copy's) and on the embedded database at the starter size (10 connections; target p99 under 50 ms).
 * Prints both p99s, their ratio and whether each target is met. `npm run bench` measures the same workloads in its
 * tables.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusWorkloads, toAutocannon, type BenchData, type Workload } from './workloads.js';

const WITH = 'details · a text with 10,000 highlights from 1,000 readers';
const WITHOUT = 'details · the same text without highlights';
const ROUNDS = 5;

async function serve(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
  const ready = await new Promise<{ port: number; data: BenchData }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server.ts exited (${code})`)));
    child.on('message', (m: { ready?: { port: number }; data: BenchData }) => m.ready && resolve({ port: m.ready.port, data: m.data }));
  });
  return { ...ready, stop: () => new Promise<void>((done) => (child.on('exit', () => done()), child.kill('SIGTERM'))) };
}

function burst(port: number, w: Workload, connections: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req: object) => toAutocannon(req, w.next()) }],
      },
      (err, r) => (err ? reject(err) : r.non2xx || r.errors ? reject(new Error(`${w.name}: ${r.non2xx} non-2xx`)) : resolve(latencies)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
};

async function compare(label: string, env: NodeJS.ProcessEnv, connections: number) {
  const app = await serve(env);
  const all = corpusWorkloads(app.data);
  const [marked, plain] = [all.find((w) => w.name === WITH)!, all.find((w) => w.name === WITHOUT)!];
  await burst(app.port, marked, connections, 1);
  await burst(app.port, plain, connections, 1);
  const seen = { marked: [] as number[], plain: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    seen.marked.push(...(await burst(app.port, marked, connections, 3)));
    seen.plain.push(...(await burst(app.port, plain, connections, 3)));
  }
  await app.stop();
  const [a, b] = [p99(seen.marked), p99(seen.plain)];
  console.log(
    `${label}: with highlights p99 ${a} ms (${seen.marked.length} requests), without ${b} ms; ratio ${(a / Math.max(b, 1)).toFixed(2)}×`,
  );
  return { a, b };
}

const pg = await compare(
  'PostgreSQL, full corpus, 50 connections',
  {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shiju_bench',
    PORT: '0',
    NODE_ENV: 'production',
  },
  50,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-bench-hl-'));
const embeddedEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NODE_ENV: 'production', DATA_DIR: dataDir };
delete embeddedEnv.DATABASE_URL;
const embedded = await compare('embedded, starter library, 10 connections', embeddedEnv, 10);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `targets: PostgreSQL p99 ≤ 1.2× ${pg.a <= 1.2 * pg.b ? 'met' : 'NOT met'}; embedded p99 < 50 ms ${embedded.a < 50 ? 'met' : 'NOT met'}`,
);
process.exit(0);
