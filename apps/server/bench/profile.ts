/**
 * `npm run bench:profile -- "<workload name>"`: runs one corpus workload of `npm run bench` for 10 s against the
 * API, profiling the load window only (bench/server.ts starts and stops the inspector's profiler on request), then
 * prints where the API process spent its time: self time by function, and by package. For finding out whether a
 * slow workload waits on Node or on PostgreSQL (idle time in the profile = waiting).
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusWorkloads, toAutocannon, type BenchData } from './workloads.js';

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
const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
const ready = await new Promise<{ port: number; data: BenchData }>((resolve) =>
  child.on('message', (m: { ready?: { port: number }; data: BenchData }) => m.ready && resolve({ port: m.ready.port, data: m.data })),
);
const w = corpusWorkloads(ready.data).find((x) => x.name === wanted);
if (!w) throw new Error(`no workload named ${wanted}`);
const file = path.join(dir, 'load.cpuprofile');
child.send({ profile: 'start' });
const r = await autocannon({
  url: `http://127.0.0.1:${ready.port}`,
  connections: w.connections ?? 50,
  duration: 10,
  requests: [
    {
      setupRequest: (req: any) => toAutocannon(req, w.next()),
    },
  ],
});
console.log(`${wanted}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`);
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
