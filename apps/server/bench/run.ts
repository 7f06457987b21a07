/**
 * `npm run bench`: the API on the full corpus (PostgreSQL) under cache-proof workloads, each next to a bare Fastify
 * route in a separate process measured in alternating slices with it; signed-in against anonymous at a fixed rate;
 * the plans of the hot queries (benchmarks/plans/); then every call a page makes on the embedded database at the
 * starter size, the search quality, the reader's first load and the tone engine. Writes its sections of benchmarks/api.md,
 * search.md, web.md and tones.md (between their markers). Ratios, not absolute numbers, are the targets: this machine is
 * shared.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { PlanSummary } from './explain.js';
import { judgeSearch, SEARCH_LABELS, type JudgedHit, type QualityResult } from './searchLabels.js';
import { paced, type PacedResult } from './paced.js';
import { ADMIN_URL, DB_NAME, ensureDatabase, start, type Started } from './processes.js';
import { formatWeb, measureWeb } from './web.js';
import { measureTones, toneReport, toneTable } from './tones.js';
import {
  corpusWorkloads,
  detailsRandom,
  detailsRandomSignedIn,
  listRandom,
  listRandomSignedIn,
  pageCalls,
  toAutocannon,
  type BenchData,
  type Request,
  type Workload,
} from './workloads.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * `corpus`: only the full-corpus workloads; `embedded`: only the calls a page makes on the embedded database; either
 * written as JSON to BENCH_JSON (for A/B runs of two trees) and printed; benchmarks/ is left alone.
 */
const PARTS = process.env.BENCH_PARTS === 'corpus' || process.env.BENCH_PARTS === 'embedded' ? process.env.BENCH_PARTS : 'all';
const CONNECTIONS = 50;
const FIXED_RATE = 200;
const root = path.resolve(import.meta.dirname, '../../..');
const plansDir = path.join(root, 'benchmarks', 'plans');

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
  /** Share of in-process cache lookups that hit during the measurement (the app's /metrics); null for the bare route. */
  cacheHits: number | null;
}

/** Cache lookups so far by result, summed over the app's caches (its Prometheus counter). */
async function cacheLookups(port: number): Promise<{ hit: number; miss: number } | null> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
  if (!res?.ok) return null;
  const out = { hit: 0, miss: 0 };
  for (const m of (await res.text()).matchAll(/^shiju_cache_lookups_total\{[^}]*result="(hit|miss)"[^}]*\} (\d+)/gm))
    out[m[1] as 'hit' | 'miss'] += Number(m[2]);
  return out;
}

const visitors = Array.from({ length: 1000 }, (_, i) => `bench-visitor-${String(i).padStart(6, '0')}`);

interface Burst {
  total: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

/** One autocannon run against a port for `seconds`, keeping every response's latency. */
function burst(port: number, w: Workload, connections: number, seconds: number): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req: any) => toAutocannon(req, w.next(), `sj_vid=${visitors[Math.floor(Math.random() * visitors.length)]}`),
          },
        ],
      },
      (err, r) =>
        err ? reject(err) : resolve({ total: r.requests.total, seconds: r.duration, latencies, errors: r.errors + r.non2xx + r.timeouts }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

/** Bursts summed: requests over the time they took, percentiles over every response. */
function summed(bursts: Burst[], cacheHits: number | null): Result {
  const latencies = bursts.flatMap((b) => b.latencies).sort((a, b) => a - b);
  const seconds = bursts.reduce((n, b) => n + b.seconds, 0);
  return {
    cacheHits,
    rps: bursts.reduce((n, b) => n + b.total, 0) / Math.max(seconds, 1e-9),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors: bursts.reduce((n, b) => n + b.errors, 0),
    load: os.loadavg()[0]!,
  };
}

/** Share of the app's cache lookups that hit while `work` ran; null where the port has no /metrics. */
async function withCacheHits<T>(port: number, work: () => Promise<T>): Promise<[T, number | null]> {
  const before = await cacheLookups(port);
  const out = await work();
  const after = await cacheLookups(port);
  if (!before || !after) return [out, null];
  const hits = after.hit - before.hit;
  const lookups = hits + after.miss - before.miss;
  return [out, lookups ? hits / lookups : 0];
}

async function measure(port: number, w: Workload, opts: { connections?: number; seconds?: number } = {}): Promise<Result> {
  const connections = opts.connections ?? w.connections ?? CONNECTIONS;
  await quiesce();
  await burst(port, w, connections, 1); // warm-up
  const [r, hits] = await withCacheHits(port, () => burst(port, w, connections, opts.seconds ?? SECONDS));
  return summed([r], hits);
}

/** A connection that watches PostgreSQL's own activity (not the app's pool). */
let watcher: pg.Client | null = null;

/**
 * Waits (at most 3 s) until no statement is running in the bench database. A held app's statements still run in
 * PostgreSQL's backends; a bare slice that began beside them would charge the app's slow statements to the bare
 * route (a slower app would then look better by the ratio).
 */
async function untilDatabaseIdle(db: string) {
  if (!watcher) {
    watcher = new pg.Client({ connectionString: ADMIN_URL });
    await watcher.connect();
  }
  const until = Date.now() + 3000;
  while (Date.now() < until) {
    const r = await watcher.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [db],
    );
    if (!r.rows[0]!.n) return;
    await new Promise((done) => setTimeout(done, 5));
  }
}

/**
 * A workload and the bare route in alternating one-second slices (bare, app, bare, app…), SECONDS of each: whatever
 * else the shared machine does lands on both alike, so their ratio holds still where two separate runs would not.
 * The app is held still (SIGSTOP) during the bare slices, so work it leaves behind (a flush, a collection) is not
 * charged to its own baseline.
 */
async function measurePaired(app: Started<unknown>, barePort: number, w: Workload): Promise<{ bare: Result; r: Result }> {
  const connections = w.connections ?? CONNECTIONS;
  const bareSlice = async () => {
    app.pause(true);
    try {
      await untilDatabaseIdle(DB_NAME);
      return await burst(barePort, bareWorkload, connections, 1);
    } finally {
      app.pause(false);
    }
  };
  await quiesce();
  await bareSlice(); // warm-up
  await burst(app.port, w, connections, 1);
  const bare: Burst[] = [];
  const [out, hits] = await withCacheHits(app.port, async () => {
    const slices: Burst[] = [];
    for (let i = 0; i < SECONDS; i++) {
      bare.push(await bareSlice());
      slices.push(await burst(app.port, w, connections, 1));
    }
    return slices;
  });
  return { bare: summed(bare, null), r: summed(out, hits) };
}

/** The machine's busy share (all cores) over `ms`, from /proc/stat; 0 where there is no /proc. */
async function busyShare(ms: number): Promise<number> {
  const sample = () => {
    const cpu = fs.existsSync('/proc/stat')
      ? fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
      : [];
    return { idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) };
  };
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  return b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : 0;
}

/**
 * Waits until the machine is quiet (under 10% busy over 300 ms, at most 15 s): what the last measurement left behind
 * (a view flush, PostgreSQL writing pages out) must not be charged to the next one, bare route or app.
 */
async function quiesce() {
  const until = Date.now() + 15_000;
  while (Date.now() < until && (await busyShare(300)) > 0.1);
}

const bareWorkload: Workload = { name: 'bare route (separate process)', next: () => ({ method: 'GET', path: '/bench/bare' }) };
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const log = (name: string, r: Result) =>
  console.log(
    `${name}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, load ${r.load.toFixed(2)}${r.errors ? `, ${r.errors} errors` : ''}`,
  );

const TARGETS: Record<NonNullable<Workload['target']>, { ratio?: number; p99: number; text: string }> = {
  list: { ratio: 0.03, p99: 50, text: '≥ 0.03×, p99 < 50 ms' },
  details: { ratio: 0.05, p99: 30, text: '≥ 0.05×, p99 < 30 ms' },
  ranking: { p99: 20, text: 'p99 < 20 ms' },
  search: { p99: 50, text: 'p99 < 50 ms' },
};

/** The labelled search set (bench/searchLabels.ts) through the running app: precision@3 and MRR. */
async function searchQuality(port: number): Promise<QualityResult> {
  return judgeSearch(async (q) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/pc/search?type=essay&pageSize=10&q=${encodeURIComponent(q)}`);
    const body = (await res.json()) as { code: string; data: { list: JudgedHit[] } };
    if (body.code !== '00000') throw new Error(`search ${q}: ${body.code}`);
    return body.data.list;
  });
}
const logQuality = (where: string, r: QualityResult) => {
  console.log(
    `search quality (${where}, ${SEARCH_LABELS.length} labelled queries): precision@3 ${r.precisionAt3.toFixed(3)}, MRR ${r.mrr.toFixed(3)}`,
  );
  for (const m of r.misses) console.log(`  miss: ${m.q} (${m.kind}) rank ${m.rank ?? '-'}; top: ${m.top.join(' | ')}`);
};
const qualityRow = (where: string, r: QualityResult) =>
  `| ${where} | ${SEARCH_LABELS.length} | ${r.precisionAt3.toFixed(3)} | ${r.mrr.toFixed(3)} | ${r.misses.map((m) => `${m.q} (${m.rank ?? '—'})`).join(', ') || 'none'} |`;

// ---------- embedded database, starter size ----------
/** Every call a page makes, on the starter library in a fresh embedded database, each for half the corpus' time. */
async function measureEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-bench-pglite-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NODE_ENV: 'production', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const embedded = await start<{ ready: { port: number }; data: BenchData }>('server.ts', env);
  console.log(`embedded: ${embedded.message.data.texts.toLocaleString('en-US')} texts`);
  const starterQuality = await searchQuality(embedded.port);
  logQuality('starter library', starterQuality);
  const starter: { w: Workload; r: Result }[] = [];
  for (const w of pageCalls(embedded.message.data)) {
    const r = await measure(embedded.port, w, { seconds: Math.max(2, Math.round(SECONDS / 2)) });
    log(`  ${w.name}`, r);
    starter.push({ w, r });
  }
  await embedded.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { starter, starterQuality, texts: embedded.message.data.texts };
}

/** The figures of one part as JSON (BENCH_JSON and stdout), for comparing two trees. */
function printPart(rows: { name: string; [k: string]: unknown }[]) {
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  console.log(JSON.stringify(rows));
}

if (PARTS === 'embedded') {
  const { starter } = await measureEmbedded();
  printPart(starter.map(({ w, r }) => ({ name: w.name, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors })));
  process.exit(0);
}

// ---------- full corpus, PostgreSQL ----------
const loadAtStart = os.loadavg();
const { url, version } = await ensureDatabase();
const pgServer = await start<{ ready: { port: number }; data: BenchData; plans: PlanSummary[] }>('server.ts', {
  ...process.env,
  DATABASE_URL: url,
  PORT: '0',
  NODE_ENV: 'production',
  BENCH_PLANS_DIR: plansDir,
});
const bare = await start<{ ready: { port: number } }>('bare.ts', { ...process.env });
const data = pgServer.message.data;
console.log(`full corpus: ${data.texts.toLocaleString('en-US')} texts; bare route on port ${bare.port}, app on ${pgServer.port}`);
const corpusQuality = await searchQuality(pgServer.port);
logQuality('full corpus', corpusQuality);

const corpus: { w: Workload; bare: Result; r: Result }[] = [];
for (const w of corpusWorkloads(data)) {
  const { bare: b, r } = await measurePaired(pgServer, bare.port, w);
  log(`  bare (${w.connections ?? CONNECTIONS} conns)`, b);
  log(w.name, r);
  corpus.push({ w, bare: b, r });
}
if (PARTS === 'corpus') {
  const out = corpus.map(({ w, bare: b, r }) => ({
    name: w.name,
    bareRps: b.rps,
    rps: r.rps,
    ratio: r.rps / b.rps,
    p50: r.p50,
    p99: r.p99,
  }));
  printPart(out);
  await pgServer.stop();
  await bare.stop();
  await (watcher as pg.Client | null)?.end();
  process.exit(0);
}

// Signed-in against anonymous at the same fixed rate (open loop, evenly paced: bench/paced.ts), interleaved A B A B.
const fixed: { name: string; anon: number[]; signed: number[] }[] = [];
const visitorCookie = () => `sj_vid=${visitors[Math.floor(Math.random() * visitors.length)]}`;
for (const [name, anon, signed] of [
  ['list · random filter/sort/page', listRandom, listRandomSignedIn],
  ['details · random of all texts', detailsRandom, detailsRandomSignedIn],
] as const) {
  const row = { name, anon: [] as number[], signed: [] as number[] };
  const at = (next: () => Request, seconds: number) => paced(pgServer.port, next, { rate: FIXED_RATE, seconds, cookie: visitorCookie });
  await at(() => anon(data), 1); // warm-up
  await at(() => signed(data), 1);
  for (let round = 0; round < 2; round++) {
    const a = await at(() => anon(data), SECONDS);
    const s = await at(() => signed(data), SECONDS);
    const say = (who: string, r: PacedResult) =>
      console.log(`  ${name} at ${FIXED_RATE} req/s, ${who}: p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`);
    say('anonymous', a);
    say('signed in', s);
    row.anon.push(a.p50);
    row.signed.push(s.p50);
  }
  fixed.push(row);
}
await pgServer.stop();
const plans = pgServer.message.plans;

const { starter, starterQuality, texts: starterTexts } = await measureEmbedded();
await bare.stop();
const loadAtEnd = os.loadavg();

// ---------- report ----------
/**
 * A text with 10,000 highlights from 1,000 readers against the same text without any: details p99 at most 1.2× on
 * PostgreSQL (full corpus, 50 connections), under 50 ms on the embedded database (10 connections).
 */
function highlightedRows(): string {
  const p99 = (rows: { w: Workload; r: Result }[], name: string) => rows.find((x) => x.w.name === name)?.r.p99;
  const marked = 'details · a text with 10,000 highlights from 1,000 readers';
  const plain = 'details · the same text without highlights';
  const [pgWith, pgWithout, emWith] = [p99(corpus, marked), p99(corpus, plain), p99(starter, marked)];
  if (pgWith === undefined || pgWithout === undefined || emWith === undefined) return '';
  const ratio = pgWith / Math.max(pgWithout, 1);
  return `### A text with 10,000 highlights from 1,000 readers (target: details p99 ≤ 1.2× the same text without them; < 50 ms embedded)

| database | with highlights p99 ms | without p99 ms | ratio | met |
|---|---|---|---|---|
| PostgreSQL, full corpus, 50 connections | ${pgWith} | ${pgWithout} | ${ratio.toFixed(2)}× | ${ratio <= 1.2 ? '✓' : '✗'} |
| embedded, starter library, 10 connections | ${emWith} | ${p99(starter, plain) ?? '—'} | — | ${emWith < 50 ? '✓' : '✗'} |`;
}

const verdict = (target: Workload['target'], ratio: number, r: Result) => {
  if (!target) return '';
  const t = TARGETS[target];
  return (t.ratio === undefined || ratio >= t.ratio) && r.p99 < t.p99 && !r.errors ? '✓' : '✗';
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cpus = os.cpus();
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
const api = `Written by \`npm run bench\` on ${new Date().toISOString()} (about ${SECONDS} s per measurement after a 1 s warm-up).

- machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}; shared with
  other work: load average (1 / 5 / 15 min) ${loads(loadAtStart)} at the start, ${loads(loadAtEnd)} at the end
- Node ${process.version}, PostgreSQL ${version}, ${data.texts.toLocaleString('en-US')} published texts

## Full corpus on PostgreSQL, cache-proof

Every workload except the first draws a new request each time: random ids over all texts, random filters, sorts and
pages, 50 signed-in readers with likes, interests and 不感兴趣 marks, a thousand visitors. The baseline is a bare Fastify
route in a separate process on the same machine at the same concurrency, measured in alternating one-second slices
with each workload (bare, app, bare, app…, ${SECONDS} s of each, once the machine is quiet; the app held still by
SIGSTOP during the bare slices), so whatever else the machine does lands on both alike and each ratio compares like
with like.

\`cache hits\` is the share of the app's in-process cache lookups that hit during the measurement (its \`/metrics\`):
what the caches answered rather than the database.

| workload | conns | req/s | bare req/s | ratio | p50 ms | p99 ms | cache hits | errors | load | target | met |
|---|---|---|---|---|---|---|---|---|---|---|---|
${corpus
  .map(({ w, bare: b, r }) => {
    const ratio = r.rps / b.rps;
    return `| ${w.name} | ${w.connections ?? CONNECTIONS} | ${fmt(r.rps)} | ${fmt(b.rps)} | ${ratio.toFixed(3)}× | ${r.p50} | ${r.p99} | ${r.cacheHits === null ? '' : `${(r.cacheHits * 100).toFixed(0)}%`} | ${r.errors} | ${r.load.toFixed(2)} | ${w.target ? TARGETS[w.target].text : ''} | ${verdict(w.target, ratio, r)} |`;
  })
  .join('\n')}

${highlightedRows()}

### Signed in against anonymous at ${FIXED_RATE} req/s (target: signed-in p50 ≤ 1.5× anonymous)

An open-loop load, one request every ${1000 / FIXED_RATE} ms whatever the answers (\`bench/paced.ts\`), ${SECONDS} s per
measurement, interleaved anonymous, signed in, anonymous, signed in. (Until 2026-11-23 this used autocannon's
\`overallRate\`, which sends each second's share of every connection back to back: a burst of 200 a second, so its p50
measured the queue of the burst rather than the latency at that rate.)

| call | anonymous p50 ms | signed-in p50 ms | ratio | met |
|---|---|---|---|---|
${fixed
  .map((f) => {
    const a = mean(f.anon);
    const s = mean(f.signed);
    const ratio = s / Math.max(a, 0.1);
    return `| ${f.name} | ${f.anon.join(', ')} | ${f.signed.join(', ')} | ${ratio.toFixed(2)}× | ${ratio <= 1.5 ? '✓' : '✗'} |`;
  })
  .join('\n')}

### Plans (\`EXPLAIN (ANALYZE, BUFFERS)\` of each statement of three sample requests, in [benchmarks/plans](plans))

| workload | statements | slowest execution ms | sequential scans of tables over 10,000 rows |
|---|---|---|---|
${plans
  .map(
    (p) =>
      `| [${p.workload}](plans/${p.file}) | ${p.statements} | ${p.ms.length ? Math.max(...p.ms).toFixed(2) : ''} | ${p.bigSeqScans.length ? [...new Set(p.bigSeqScans)].join(', ') : 'none'} |`,
  )
  .join('\n')}
`;
const quality = `## Latest run

The labelled set of \`apps/server/bench/searchLabels.ts\` (lines, half lines, authors, works, author and work,
Traditional, pinyin, one wrong character, modern words), first page of text results. precision@3: share of queries
with an expected text in the top 3; MRR: mean of 1 / rank of the first expected text (0 when not on the page).

| corpus | queries | precision@3 | MRR | misses (rank) |
|---|---|---|---|---|
${qualityRow('full corpus (PostgreSQL)', corpusQuality)}
${qualityRow('starter library (PGlite)', starterQuality)}
`;
const embedded = `## Embedded database (PGlite) at the starter size, 10 connections (target: every call p99 < 50 ms)

${starterTexts.toLocaleString('en-US')} texts. No baseline: the target is absolute.

| call | req/s | p50 ms | p99 ms | cache hits | errors | met |
|---|---|---|---|---|---|---|
${starter.map(({ w, r }) => `| ${w.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.cacheHits === null ? '' : `${(r.cacheHits * 100).toFixed(0)}%`} | ${r.errors} | ${r.p99 < 50 && !r.errors ? '✓' : '✗'} |`).join('\n')}

## What is measured and what is not

- Rankings are read from \`ranking_entries\`, which the scheduler refreshes (day and week every 10 minutes, month and
  all-time hourly; the refresh is not part of these runs — see [architecture](../docs/architecture.md#hot-order-rankings-and-jobs)).
- Anonymous list pages are cached for 5 s and details for 30 s in the process; the cache-proof workloads above
  almost never repeat a request, so they measure the database path. The first row shows the cached path.
- Views of anonymous details are written as they would be (a thousand visitors, flushed every 2 s).
`;
console.log("\nmeasuring the reader's first load (built web app, Chromium, Lighthouse)…");
const web = formatWeb(await measureWeb());
console.log(web);
console.log("\nmeasuring the tone engine against the corpus's stored 平仄 (held-out poems)…");
const tones = measureTones();
for (const line of toneReport(tones)) console.log(line);
/** Replaces the part of benchmarks/<file> between `<!-- name:start … -->` and `<!-- name:end -->`, or appends it. */
function writeSection(file: string, name: string, body: string): string {
  const target = path.join(root, 'benchmarks', file);
  const old = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  const section = `<!-- ${name}:start (written by npm run bench) -->\n\n${body.trim()}\n\n<!-- ${name}:end -->`;
  const marked = new RegExp(`<!-- ${name}:start[\\s\\S]*<!-- ${name}:end -->`);
  fs.writeFileSync(target, marked.test(old) ? old.replace(marked, () => section) : `${old.trimEnd()}\n\n${section}\n`);
  return target;
}
const written = [
  writeSection('api.md', 'bench', `${api}\n${embedded}`),
  writeSection('search.md', 'search-quality', quality),
  writeSection(
    'web.md',
    'web',
    `## Latest run\n\nJavaScript as transferred (brotli) until the page is idle, every script counted; Lighthouse mobile.\n\n${web}`,
  ),
  writeSection('tones.md', 'tones', toneTable(tones)),
];
// Formatted as the repository's check wants it (its tables are written unpadded).
execFileSync(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', ...written], {
  cwd: root,
  stdio: 'inherit',
});
console.log('\nwrote benchmarks/api.md, search.md, web.md, tones.md and benchmarks/plans/');
process.exit(0);
