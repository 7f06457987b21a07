/**
 * An open-loop load at a fixed rate: one request every 1000 / rate ms, each sent at its time whether or not the
 * earlier ones have been answered, over a pool of keep-alive sockets. This is what "latency at 200 req/s" means.
 * autocannon's `overallRate` does not do this: each connection sends its share of a second back to back at the start
 * of the second, so 200 req/s arrives as a burst of 200 and its p50 measures the queue of that burst.
 */
import http from 'node:http';
import { toAutocannon, type Request } from './workloads.js';

export interface PacedResult {
  sent: number;
  p50: number;
  p99: number;
  errors: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function paced(port: number, next: () => Request, opts: { rate: number; seconds: number; cookie?: () => string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  const one = (r: Request) =>
    new Promise<void>((done) => {
      const spec = toAutocannon({}, r, opts.cookie?.());
      const t0 = performance.now();
      const req = http.request({ host: '127.0.0.1', port, method: spec.method, path: spec.path, headers: spec.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 200) errors++;
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(spec.body);
    });
  const interval = 1000 / opts.rate;
  const total = Math.round(opts.rate * opts.seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(one(next()));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { sent: total, p50: round(quantile(latencies, 0.5)), p99: round(quantile(latencies, 0.99)), errors } satisfies PacedResult;
}
