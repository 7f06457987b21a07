/**
 * `npm run bench:scale`: the full corpus on PostgreSQL under an open-loop load at a fixed 300 req/s — 50%
 * details, 30% lists (pages to 200, the likes sort among the sorts), 10% rankings, 10% repeated searches of common
 * words, half signed in (workloads.ts mixedRequest) — measured three ways:
 *
 * - settled: the app as bench/server.ts leaves it, beside the bare route paced alike in its own process;
 * - the first minute after a start whose every job is due (job_runs emptied first): the rankings, the attribution
 *   scan and the rest run while readers read;
 * - the first minute after the next start, whose jobs' last runs are then fresh (skipped at start).
 *
 * Each minute is cut into windows of 10 s, so a slow start shows where it happens. Writes its section of
 * benchmarks/scale.md. The target: every window's p99 within 2× of the settled p99.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { paced, type PacedResult } from './paced.js';
import { ensureDatabase, start } from './processes.js';
import { mixedRequest, type BenchData, type Request } from './workloads.js';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WINDOW_S = 10;
const WINDOWS = 6;
const serverRoot = path.resolve(import.meta.dirname, '..');
const visitors = Array.from({ length: 1000 }, (_, i) => `bench-visitor-${String(i).padStart(6, '0')}`);
const cookie = () => `sj_vid=${visitors[Math.floor(Math.random() * visitors.length)]}`;

const { url } = await ensureDatabase();
const loadAtStart = os.loadavg()[0]!;
const benchServer = await start<{ ready: { port: number }; data: BenchData }>('server.ts', {
  ...process.env,
  DATABASE_URL: url,
  PORT: '0',
  NODE_ENV: 'production',
});
const bare = await start<{ ready: { port: number } }>('bare.ts', { ...process.env });
const data = benchServer.message.data;
const mix = () => mixedRequest(data);
const say = (what: string, r: PacedResult) =>
  console.log(`${what}: p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors of ${r.sent}` : ''}`);

await paced(benchServer.port, mix, { rate: RATE, seconds: 3, cookie }); // warm-up
const settled = await paced(benchServer.port, mix, { rate: RATE, seconds: SECONDS, cookie });
say(`settled, ${RATE} req/s for ${SECONDS} s`, settled);
const bareRequest = (): Request => ({ method: 'GET', path: '/bench/bare' });
const bareSettled = await paced(bare.port, bareRequest, { rate: RATE, seconds: SECONDS });
say('bare route, paced alike', bareSettled);
await benchServer.stop();
await bare.stop();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface JobLine {
  job: string;
  msg: string;
  ms?: number;
}

/** Starts src/main.ts as production runs it, loads it from the moment its health answers, for WINDOWS windows. */
async function firstMinute(label: string): Promise<{ windows: PacedResult[]; jobs: JobLine[]; readyMs: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const jobs: JobLine[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      try {
        const o = JSON.parse(line) as { job?: string; msg: string; ms?: number };
        if (o.job) jobs.push({ job: o.job, msg: o.msg, ms: o.ms });
      } catch {
        // not a log line
      }
    }
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${label}: the server exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - began;
  const windows: PacedResult[] = [];
  for (let i = 0; i < WINDOWS; i++) {
    const w = await paced(port, mix, { rate: RATE, seconds: WINDOW_S, cookie });
    say(`${label}, ${i * WINDOW_S}–${(i + 1) * WINDOW_S} s`, w);
    windows.push(w);
  }
  await new Promise<void>((done) => {
    child.on('exit', () => done());
    child.kill('SIGTERM');
  });
  return { windows, jobs, readyMs };
}

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query('delete from job_runs');
await admin.end();
const due = await firstMinute('a start, every job due');
// The start before ran every job and recorded it: this one finds them fresh (a long one may still be unrecorded).
const fresh = await firstMinute('a start, jobs fresh');
const loadAtEnd = os.loadavg()[0]!;

// ---------- report ----------
const worst = (ws: PacedResult[]) => Math.max(...ws.map((w) => w.p99));
const mark = (p99: number) => (p99 <= 2 * settled.p99 ? '✓' : '✗');
const windowRow = (label: string, r: { windows: PacedResult[]; readyMs: number }) =>
  `| ${label} (health after ${(r.readyMs / 1000).toFixed(1)} s) | ${r.windows.map((w) => `${w.p99}`).join(' · ')} | ${worst(r.windows)} ms (${(worst(r.windows) / settled.p99).toFixed(1)}×) ${mark(worst(r.windows))} |`;
const jobList = (jobs: JobLine[]) =>
  jobs.length === 0
    ? 'none logged'
    : jobs.map((j) => `${j.job} ${j.msg.startsWith('job skipped') ? 'skipped' : j.msg === 'job done' ? `${j.ms} ms` : j.msg}`).join(', ');
const section = `<!-- scale:start -->

## Latest run

\`npm run bench:scale\` (${new Date().toISOString().slice(0, 10)}, ${data.texts.toLocaleString('en-US')} texts on PostgreSQL, load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)} on 2 shared cores). An open loop at ${RATE} req/s (bench/paced.ts: each request sent at its time, latency from then): 50% details of random texts, 30% lists (random filter, page 1–200, sort new/hot/likes), 10% rankings, 10% searches of 15 common words; half signed in.

| load | p50 | p99 | target |
| --- | --- | --- | --- |
| settled, ${SECONDS} s | ${settled.p50} ms | ${settled.p99} ms${settled.errors ? ` (${settled.errors} errors)` : ''} | p99 < 25 ms ${settled.p99 < 25 ? '✓' : '✗'} |
| the bare route, paced alike (separate process) | ${bareSettled.p50} ms | ${bareSettled.p99} ms | |

The first minute after a start of \`src/main.ts\` (one process), p99 of each 10 s window in ms, from the moment its health answers:

| start | p99 per window | worst (to settled) |
| --- | --- | --- |
${windowRow('every job due (`job_runs` emptied)', due)}
${windowRow('the next start: jobs fresh (run by the start before)', fresh)}

Jobs in those minutes — due: ${jobList(due.jobs)}; fresh: ${jobList(fresh.jobs)}. Target: every window within 2× of the settled p99.

<!-- scale:end -->`;
const file = path.resolve(import.meta.dirname, '../../../benchmarks/scale.md');
const old = fs.readFileSync(file, 'utf8');
const marked = /<!-- scale:start -->[\s\S]*<!-- scale:end -->/;
fs.writeFileSync(file, marked.test(old) ? old.replace(marked, section) : `${old.trimEnd()}\n\n${section}\n`);
console.log(`written to ${file}`);
process.exit(0);
