/**
 * `npm run bench:profile -- "<workload name>"`: runs one corpus workload of `npm run bench` for 10 s against the
 * API and the bare route for 10 s, counting where the machine's cores went in each (the server, PostgreSQL, the load
 * generator: bench/cpu.ts), which bounds the ratio the workload can reach on these cores; then the workload again for
 * 10 s under the profiler (bench/server.ts starts and stops the inspector's profiler on request), printing where the
 * API process spent its time: self time by function, and by package (idle time in the profile = waiting).
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countCores } from './cpu.js';
import { start } from './processes.js';
import { corpusWorkloads, pageCalls, toAutocannon, type BenchData } from './workloads.js';

const wanted = process.argv[2] ?? 'list · random, signed in';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-prof-'));
// `BENCH_EMBEDDED=1` profiles the embedded database (the starter library in a fresh data folder) instead.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shiju_bench',
  PORT: '0',
  NODE_ENV: 'production',
};
if (process.env.BENCH_EMBEDDED) {
  delete env.DATABASE_URL;
  env.DATA_DIR = path.join(dir, 'data');
}
// `BENCH_NODE_FLAGS` (space-separated) starts the server's node with those flags, e.g. to compare launch settings.
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: [...nodeFlags, '--import', 'tsx'], env, stdio: 'inherit' });
const ready = await new Promise<{ port: number; data: BenchData }>((resolve) =>
  child.on('message', (m: { ready?: { port: number }; data: BenchData }) => m.ready && resolve({ port: m.ready.port, data: m.data })),
);
const w = [...corpusWorkloads(ready.data), ...pageCalls(ready.data)].find((x) => x.name === wanted);
if (!w) throw new Error(`no workload named ${wanted}`);
const file = path.join(dir, 'load.cpuprofile');
const load = (port: number, next: () => Parameters<typeof toAutocannon>[1]) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: w.connections ?? 50,
    duration: 10,
    requests: [{ setupRequest: (req: any) => toAutocannon(req, next()) }],
  });
/** One window of load, counting where the cores went; printed with the CPU each part spent per request. */
async function counted(label: string, pid: number, port: number, next: () => Parameters<typeof toAutocannon>[1]) {
  const stop = countCores(pid);
  const r = await load(port, next);
  const c = stop();
  const per = (cores: number) => ((cores / r.requests.average) * 1e6).toFixed(0).padStart(5);
  console.log(
    `${label}: ${r.requests.average} req/s, p99 ${r.latency.p99} ms; cores: server ${c.api.toFixed(2)}, postgres ${c.postgres.toFixed(2)}, ` +
      `load generator ${c.loadGenerator.toFixed(2)}, other ${c.other.toFixed(2)}, idle ${c.idle.toFixed(2)}`,
  );
  console.log(`  CPU µs per request: server ${per(c.api)}, postgres ${per(c.postgres)}, load generator ${per(c.loadGenerator)}`);
  return { rps: r.requests.average, cost: (c.api + c.postgres + c.loadGenerator) / r.requests.average };
}
// Where the cores go, unprofiled: the workload, then the bare route in its own process, each for 10 s.
const app = await counted(wanted, child.pid!, ready.port, () => w.next());
const bare = await start<{ ready: { port: number } }>('bare.ts', { ...process.env });
const base = await counted('bare route', bare.pid, bare.port, () => ({ method: 'GET', path: '/bench/bare' }));
await bare.stop();
console.log(
  `ratio ${(app.rps / base.rps).toFixed(3)}×; CPU per request (server + postgres + load generator) ${(app.cost * 1e6).toFixed(0)} µs against ` +
    `${(base.cost * 1e6).toFixed(0)} µs bare: on saturated cores the ratio cannot exceed ${(base.cost / app.cost).toFixed(3)}×`,
);
// Then the same workload again under the profiler.
child.send({ profile: 'start' });
const r = await load(ready.port, () => w.next());
console.log(`${wanted} (profiled): ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`);
await new Promise<void>((done) => {
  child.on('message', (m: { profiled?: string }) => m.profiled && done());
  child.send({ profile: file });
});
child.kill('SIGTERM');
const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const total = prof.timeDeltas.reduce((a, b) => a + b, 0);
/** Self time summed under a key of each sample's function, printed as shares of the whole, largest first. */
function shares(title: string, keyOf: (frame: (typeof prof.nodes)[number]['callFrame']) => string, top: number) {
  const sums = new Map<string, number>();
  prof.samples.forEach((id, i) => {
    const key = keyOf(byId.get(id)!.callFrame);
    sums.set(key, (sums.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  console.log(title);
  for (const [k, t] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}
shares('by function:', (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-3).join('/')}:${f.lineNumber}`, 30);
// The same time by where the code lives: a package, our source, or the engine (GC, idle, native calls).
shares(
  'by place:',
  (f) =>
    f.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
    (f.url.includes('/src/') ? 'our source' : f.url.startsWith('node:') ? 'node core' : f.functionName || 'engine'),
  15,
);
console.log(`profile: ${file}`);
