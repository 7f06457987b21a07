/**
 * `npm run bench`: loads the full corpus into PostgreSQL, then measures the essay list and details calls with
 * autocannon next to a bare route on the same server, and writes BENCHMARKS.md. Ratios, not absolute numbers,
 * are the targets: this machine is shared and noisy.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { importFullCorpus } from '../src/import/index.js';
import { refreshHotScores } from '../src/jobs/hotScore.js';
import { encodeCursor } from '../src/modules/essays/queries.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB ?? 'shiju_bench';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const MIN_TEXTS = 300_000;
const root = path.resolve(import.meta.dirname, '../../..');

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!exists.rowCount) await admin.query(`create database ${DB_NAME}`);
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return { url: url.toString(), version };
}

async function prepareData(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const db = database.db;
  const count = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from essays where status = 'published'`)).rows[0]!.n);
  if ((await count()) < MIN_TEXTS) {
    console.log('loading the full corpus into PostgreSQL (once; later runs reuse it)…');
    let last = 0;
    await importFullCorpus(db, {
      onProgress: (p) => {
        if (p.finished || Date.now() - last > 5000) {
          last = Date.now();
          console.log(`  ${p.label}: ${p.done}/${p.total} (+${p.added})`);
        }
      },
    });
  }
  await refreshHotScores(db);
  await db.execute(sql`analyze`);
  const texts = await count();
  const pick = async (q: ReturnType<typeof sql>) => (await db.execute<Record<string, unknown>>(q)).rows[0]!;
  const cls = await pick(sql`select id from classifications order by essay_count desc limit 1`);
  const tag = await pick(sql`select id from tags where parent_id is not null order by essay_count desc limit 1`);
  const deep = await pick(sql`select published_at, id from essays where status = 'published' order by published_at desc, id desc offset 100000 limit 1`);
  const ids = (await db.execute<{ id: number }>(sql`select id from essays where status = 'published' order by random() limit 2000`)).rows.map((r) => Number(r.id));
  await database.close();
  return {
    texts,
    classificationId: Number(cls.id),
    tagId: Number(tag.id),
    deepCursor: encodeCursor({ k: new Date(deep.published_at as string).toISOString(), id: Number(deep.id) }),
    ids,
  };
}

function startServer(url: string): Promise<{ port: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: url, PORT: '0', NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.on('message', (m: any) => resolve({ port: m.ready.port, stop: () => child.kill('SIGTERM') }));
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => object;
  target?: boolean;
}

async function measure(port: number, s: Scenario) {
  const headers = { 'content-type': 'application/json', cookie: 'sj_vid=benchmark-visitor-000001' };
  const opts = {
    url: `http://127.0.0.1:${port}${s.path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ method: s.method, headers, setupRequest: (req: any) => (s.body ? { ...req, body: JSON.stringify(s.body()) } : req) }],
  };
  await autocannon({ ...opts, duration: 2 }); // warm-up
  const r = await autocannon(opts);
  const errors = r.errors + r.non2xx;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

const { url, version } = await ensureDatabase();
const data = await prepareData(url);
const server = await startServer(url);
const any = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const LIST = '/api/v1/es/essays/pc/page';
const scenarios: Scenario[] = [
  { name: 'bare route (baseline)', method: 'GET', path: '/bench/bare' },
  { name: 'list · first page', method: 'POST', path: LIST, body: () => ({ pageNum: 1, pageSize: 10 }), target: true },
  { name: 'list · deep page (cursor after 100,000)', method: 'POST', path: LIST, body: () => ({ pageSize: 10, cursor: data.deepCursor }), target: true },
  { name: 'list · classification filter', method: 'POST', path: LIST, body: () => ({ classificationId: data.classificationId, pageSize: 10 }), target: true },
  { name: 'list · tag filter, hot sort', method: 'POST', path: LIST, body: () => ({ tagId: data.tagId, sort: 'hot', pageSize: 10 }), target: true },
  { name: 'list · deep page number 10,000 (offset, for comparison)', method: 'POST', path: LIST, body: () => ({ pageNum: 10000, pageSize: 10 }) },
  { name: 'details', method: 'POST', path: '/api/v1/pc/essays/details', body: () => ({ id: any(data.ids) }), target: true },
];

const results = [];
for (const s of scenarios) {
  const r = await measure(server.port, s);
  console.log(`${s.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`);
  results.push({ ...s, ...r });
}
server.stop();

const bare = results[0]!.rps;
const rows = results.map((r) => {
  const ratio = r.rps / bare;
  const verdict = !r.target ? '' : ratio >= 0.25 && r.p99 < 50 && !r.errors ? '✓' : '✗';
  return `| ${r.name} | ${r.rps.toFixed(0)} | ${ratio.toFixed(2)}× | ${r.p50} | ${r.p99} | ${r.errors} | ${verdict} |`;
});
const cpus = os.cpus();
const report = `# Benchmarks

Written by \`npm run bench\` on ${new Date().toISOString()}. Each call is measured with autocannon at ${CONNECTIONS}
concurrent connections for ${DURATION_S} s (after a 2 s warm-up), next to a bare Fastify route answering a constant on the
same server process in the same run. Targets (issue 3): list and details ≥ 0.25× the bare route's requests per second,
p99 < 50 ms, deep pages as fast as the first.

- machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}
- Node ${process.version}, PostgreSQL ${version}, ${data.texts.toLocaleString('en-US')} published texts

| call | req/s | ratio to bare | p50 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Visitors' list pages are cached for 5 s and the public part of a text's details for 30 s in the API process
(writes in the process drop what they change at once); the details scenario spreads its requests over 2,000 random
texts, so part of it misses that cache. The offset row is for comparison only: page numbers far from the start still walk the index; the web app's
infinite scroll uses the keyset cursor (\`nextCursor\`).
`;
fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), report);
console.log(`\nwrote BENCHMARKS.md`);
process.exit(0);
