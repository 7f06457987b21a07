/**
 * `npm run bench:process`: the compiled server as an operator runs it, on the embedded database and on
 * PostgreSQL: start time on an empty database (cold: migrations and the starter library) and on an existing one
 * (warm), resident memory idle and under load (autocannon, lists and details), and on the embedded database a long
 * mixed load (BENCH_LONG_SECONDS, 10 minutes by default: the paced mix of details, lists to page 200, rankings and
 * searches, half signed in) with its RSS each second; written to benchmarks/process.md (between its markers). Memory is
 * the kernel's RSS of the server process (/proc/<pid>/status).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, ensureWebBuilt, root } from '../../../scripts/lib.mjs';
import { api, sleep, startServer, type ServerProcess } from '../test/processes.js';
import { mixedRequest, toAutocannon, type BenchData } from './workloads.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const LONG_S = Number(process.env.BENCH_LONG_SECONDS ?? 600);
/** The embedded database's pool (10 connections): the long load runs at that many. */
const LONG_CONNECTIONS = 10;
const READERS = 10;

const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

async function timedStart(env: Record<string, string>) {
  const t0 = performance.now();
  const server = await startServer({ SEED_ON_START: 'true', ...env });
  return { server, seconds: (performance.now() - t0) / 1000 };
}

/** RSS after the process has settled, then its peak and its value after a load of lists and details. */
async function memory(server: ServerProcess) {
  await sleep(5000);
  const idle = rssMb(server.pid);
  const page = await api(server.base, 'POST', '/api/v1/es/essays/pc/page', { body: { pageSize: 50 } });
  const ids = (page.data as { list: { id: number }[] }).list.map((e) => e.id);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 200);
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: LOAD_S,
    requests: [
      { method: 'POST', path: '/api/v1/es/essays/pc/page', headers: { 'content-type': 'application/json' }, body: '{"pageSize":10}' },
      {
        method: 'POST',
        path: '/api/v1/pc/essays/details',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ id: ids[crypto.randomInt(ids.length)] }) }),
      },
    ],
  });
  clearInterval(sampler);
  await sleep(3000);
  return { idle, peak, after: rssMb(server.pid), rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
}

/** What the mixed load draws from, asked of the API as readers would: texts, classifications, tags, readers. */
async function dataOf(base: string): Promise<BenchData> {
  const ok = async (method: string, url: string, opts: Parameters<typeof api>[3] = {}) => {
    const r = await api(base, method, url, opts);
    if (r.code !== '00000') throw new Error(`${method} ${url}: ${r.code}`);
    return r.data as any;
  };
  const ids: number[] = [];
  for (let pageNum = 1; pageNum <= 40; pageNum++) {
    const page = await ok('POST', '/api/v1/es/essays/pc/page', { body: { pageNum, pageSize: 50, sort: 'new' } });
    ids.push(...(page.list as { id: number }[]).map((e) => e.id));
    if (page.list.length < 50) break;
  }
  const classificationIds = ((await ok('GET', '/api/v1/pc/classifications/page')).list as { id: number }[]).map((c) => c.id);
  const tagIds: number[] = [];
  for (const id of classificationIds)
    tagIds.push(
      ...((await ok('GET', `/api/v1/pc/classificationTagRel/page?classificationId=${id}`)).list as { id: number }[]).map((t) => t.id),
    );
  const tokens: string[] = [];
  for (let i = 0; i < READERS; i++) {
    const username = `rss_reader_${i}_${crypto.randomBytes(3).toString('hex')}`;
    const session = await ok('POST', '/api/v1/auth/register', { body: { username, password: 'goodpass123', agree: true } });
    const token = session.accessToken as string;
    tokens.push(token);
    // Each reader likes a few texts and marks a few 不感兴趣, as readers do.
    for (let k = 0; k < 5; k++) {
      await ok('POST', '/api/v1/app/essay/beLike', { token, body: { essayId: ids[crypto.randomInt(ids.length)], type: 'like' } });
      await ok('POST', `/api/v1/app/essay/uninterested/${ids[crypto.randomInt(Math.min(ids.length, 200))]}`, { token });
    }
  }
  return {
    kind: 'pglite',
    texts: ids.length,
    ids,
    classificationIds,
    tagIds,
    tokens,
    commented: [],
    highlighted: ids[0]!,
    unhighlighted: ids[0]!,
    lines: [],
    authors: [],
  };
}

/** The server's RSS each second under the mixed load for `seconds`: its peak, its value each minute, req/s, errors. */
async function longLoad(server: ServerProcess, seconds: number) {
  const data = await dataOf(server.base);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 1000);
  const result = await autocannon({
    url: server.base,
    connections: LONG_CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => toAutocannon(req, mixedRequest(data)) as typeof req }],
  });
  clearInterval(sampler);
  const perMinute = samples.filter((_, i) => (i + 1) % 60 === 0);
  return {
    start: samples[0] ?? NaN,
    peak: Math.max(...samples),
    perMinute,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function stop(server: ServerProcess) {
  server.kill('SIGTERM');
  await server.exited;
}

async function measure(label: string, env: Record<string, string>) {
  console.log(`› ${label}: cold start…`);
  const cold = await timedStart(env);
  const coldMemory = await memory(cold.server);
  await stop(cold.server);
  console.log(`› ${label}: warm start…`);
  const warm = await timedStart(env);
  const warmMemory = await memory(warm.server);
  let long: Awaited<ReturnType<typeof longLoad>> | undefined;
  if (!env.DATABASE_URL && LONG_S > 0) {
    console.log(`› ${label}: mixed load for ${LONG_S} s…`);
    long = await longLoad(warm.server, LONG_S);
  }
  await stop(warm.server);
  return { label, cold: cold.seconds, warm: warm.seconds, coldMemory, warmMemory, long };
}

async function main() {
  ensureWebBuilt();
  await ensureServerBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-bench-proc-'));
  const name = `shiju_bench_proc_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const rows = [];
  try {
    rows.push(await measure('embedded (PGlite)', { DATA_DIR: dataDir }));
    rows.push(await measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const table = [
    '| database | start | seconds to ready | RSS idle MB | RSS peak under load MB | RSS after load MB | req/s under load | errors |',
    '| -------- | ----- | ---------------- | ----------- | ---------------------- | ----------------- | ---------------- | ------ |',
    ...rows.flatMap((r) =>
      (['cold', 'warm'] as const).map((kind) => {
        const m = kind === 'cold' ? r.coldMemory : r.warmMemory;
        return `| ${r.label} | ${kind} | ${(kind === 'cold' ? r.cold : r.warm).toFixed(1)} | ${m.idle} | ${m.peak} | ${m.after} | ${m.rps} | ${m.errors} |`;
      }),
    ),
  ];
  const long = rows.find((r) => r.long)?.long;
  const longTable = long
    ? [
        '',
        `The embedded database under the mixed load for ${Math.round(LONG_S / 60)} min (after the warm start above; ${LONG_CONNECTIONS} connections: 50% details,`,
        `30% lists to page 200 in every sort, 10% rankings, 10% common searches, half of them by ${READERS} signed-in readers`,
        'with likes and 不感兴趣 marks). Target: peak RSS ≤ 300 MB.',
        '',
        '| RSS at the start MB | RSS each minute MB | peak RSS MB | req/s | p99 ms | errors | met |',
        '| ------------------- | ------------------ | ----------- | ----- | ------ | ------ | --- |',
        `| ${long.start} | ${long.perMinute.join(' · ')} | ${long.peak} | ${long.rps} | ${long.p99} | ${long.errors} | ${long.peak <= 300 ? '✓' : '✗'} |`,
      ]
    : [];
  const section = [
    '<!-- process:start (written by npm run bench:process) -->',
    '## Latest run',
    '',
    `Written by \`npm run bench:process\` on ${new Date().toISOString()}: the compiled server (\`node apps/server/dist/main.js\`)`,
    'on an empty database (cold: migrations and the starter library, loaded in a child process on PGlite) and again on',
    `the same database (warm). RSS of the server process, idle 5 s after ready, peak and after ${LOAD_S} s of lists and`,
    `details at ${CONNECTIONS} connections. Target: idle RSS on the embedded database ≤ 300 MB after the first start.`,
    '',
    `- Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    '',
    ...table,
    ...longTable,
    '<!-- process:end -->',
  ].join('\n');
  const file = path.join(root, 'benchmarks/process.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Process: start time and memory\n';
  const marked = /<!-- process:start[\s\S]*<!-- process:end -->/;
  fs.writeFileSync(file, marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}\n`);
  console.log(`\n${[...table, ...longTable].join('\n')}\n\n→ benchmarks/process.md`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
