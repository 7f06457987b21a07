/**
 * `npm run bench:highlights`: the library's speed targets on their own, without the whole `npm run bench`. Details
 * of the text with 10,000 highlights from 1,000 readers against a copy of it without any (bench/data.ts), half the
 * requests signed in, interleaved at random in one closed-loop load (BENCH_SECONDS, default 30, after 3 s of warm-up)
 * so both texts meet the same conditions: on PostgreSQL (the full corpus, `shiju_bench`, 50 connections; target p99 at
 * most 1.2× the copy's) and on the embedded database at the starter size (10 connections; target p99 under 50 ms).
 * Prints both p99s, their ratio and whether each target is met (`BENCH_ONLY=embedded|postgres` runs one).
 * `npm run bench` measures the same workloads in its tables.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { corpusWorkloads, type BenchData, type Request, type Workload } from './workloads.js';

const WITH = 'details · a text with 10,000 highlights from 1,000 readers';
const WITHOUT = 'details · the same text without highlights';
const WARM_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

async function serve(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
  const ready = await new Promise<{ port: number; data: BenchData }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server.ts exited (${code})`)));
    child.on('message', (m: { ready?: { port: number }; data: BenchData }) => m.ready && resolve({ port: m.ready.port, data: m.data }));
  });
  return { ...ready, stop: () => new Promise<void>((done) => (child.on('exit', () => done()), child.kill('SIGTERM'))) };
}

/** One request over a keep-alive socket; resolves with its latency in ms (a non-2xx answer fails the run). */
function timed(agent: http.Agent, port: number, r: Request): Promise<number> {
  const body = r.body ? JSON.stringify(r.body) : undefined;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: r.method,
        path: r.path,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode && res.statusCode < 300 ? resolve(performance.now() - t0) : reject(new Error(`${r.path}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `connections` closed loops for `seconds`, each request for one of the two workloads at random: both texts are
 * asked under the same conditions (the same garbage collections, flushes and neighbours), so their p99s compare.
 */
async function interleaved(port: number, pair: [Workload, Workload], connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const seen: [number[], number[]] = [[], []];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const k = Math.random() < 0.5 ? 0 : 1;
        seen[k].push(await timed(agent, port, pair[k].next()));
      }
    }),
  );
  agent.destroy();
  return seen;
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
};

async function compare(label: string, env: NodeJS.ProcessEnv, connections: number) {
  const app = await serve(env);
  const all = corpusWorkloads(app.data);
  const pair: [Workload, Workload] = [all.find((w) => w.name === WITH)!, all.find((w) => w.name === WITHOUT)!];
  await interleaved(app.port, pair, connections, WARM_SECONDS);
  const [marked, plain] = await interleaved(app.port, pair, connections, SECONDS);
  await app.stop();
  const [a, b] = [p99(marked), p99(plain)];
  console.log(
    `${label}: with highlights p99 ${a.toFixed(1)} ms (${marked.length} requests), without ${b.toFixed(1)} ms (${plain.length}); ratio ${(a / Math.max(b, 1)).toFixed(2)}×`,
  );
  return { a, b };
}

/** `BENCH_ONLY=embedded` or `postgres` measures one database. */
const only = process.env.BENCH_ONLY;
const skipped = { a: 0, b: 0 };
const pg =
  only === 'embedded'
    ? skipped
    : await compare(
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
const embedded = only === 'postgres' ? skipped : await compare('embedded, starter library, 10 connections', embeddedEnv, 10);
fs.rmSync(dataDir, { recursive: true, force: true });
const verdict = (r: { a: number }, met: boolean) => (r === skipped ? 'not measured' : met ? 'met' : 'NOT met');
console.log(
  `targets: PostgreSQL p99 ≤ 1.2× ${verdict(pg, pg.a <= 1.2 * pg.b)}; embedded p99 < 50 ms ${verdict(embedded, embedded.a < 50)}`,
);
process.exit(0);
