/**
 * The plans behind the benchmark: each workload's sample requests go through the real app while the statements it
 * sends are recorded; each read is then run again under EXPLAIN (ANALYZE, BUFFERS) and saved, one file per workload.
 * A sequential scan of a table over 10,000 rows in any of them is reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from '../src/db/client.js';
import type { Request, Workload } from './workloads.js';

interface Statement {
  text: string;
  values: unknown[];
}

export interface PlanSummary {
  workload: string;
  file: string;
  statements: number;
  /** `table (rows)` of each sequential scan over a table above 10,000 rows. */
  bigSeqScans: string[];
  /** Execution time of each statement as EXPLAIN ANALYZE measured it, ms. */
  ms: number[];
}

function recorded(args: unknown[]): Statement | null {
  const [a, b] = args;
  if (typeof a === 'string') return { text: a, values: Array.isArray(b) ? b : [] };
  if (a && typeof a === 'object' && 'text' in a) {
    const q = a as { text: string; values?: unknown[] };
    return { text: q.text, values: q.values ?? (Array.isArray(b) ? b : []) };
  }
  return null;
}

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

export async function savePlans(app: FastifyInstance, database: Database, workloads: Workload[], dir: string, samples = 3) {
  const pool = database.db.$client as unknown as pg.Pool;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const sizes = new Map(
    (await pool.query<{ relname: string; n: number }>(`select relname, reltuples::float8 as n from pg_class where relkind = 'r'`)).rows.map(
      (r) => [r.relname, Number(r.n)],
    ),
  );
  const out: PlanSummary[] = [];
  for (const w of workloads) {
    const seen: Statement[] = [];
    const original = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const s = recorded(args);
      if (s) seen.push(s);
      return original(...args);
    };
    const requests: Request[] = Array.from({ length: samples }, () => w.next());
    try {
      for (const r of requests)
        await app.inject({
          method: r.method,
          url: r.path,
          payload: r.body,
          headers: { 'content-type': 'application/json', ...(r.token ? { authorization: `Bearer ${r.token}` } : {}) },
        });
    } finally {
      (pool as unknown as { query: unknown }).query = original;
    }
    const lines: string[] = [`# ${w.name}`, ''];
    const summary: PlanSummary = { workload: w.name, file: `${slug(w.name)}.txt`, statements: 0, bigSeqScans: [], ms: [] };
    for (const [i, r] of requests.entries()) lines.push(`request ${i + 1}: ${r.method} ${r.path} ${r.body ? JSON.stringify(r.body) : ''}`);
    for (const s of seen) {
      if (!/^\s*(select|with)\b/i.test(s.text)) continue;
      const plan = (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values)).rows.map(
        (r) => r['QUERY PLAN'],
      );
      summary.statements++;
      const time = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find(Boolean);
      if (time) summary.ms.push(Number(time));
      for (const l of plan) {
        const m = /Seq Scan on (\w+)/.exec(l);
        const n = m ? (sizes.get(m[1]!) ?? 0) : 0;
        if (m && n > 10_000) summary.bigSeqScans.push(`${m[1]} (${Math.round(n).toLocaleString('en-US')} rows)`);
      }
      lines.push('', '---', '', s.text.trim(), '', `params: ${JSON.stringify(s.values)}`, '', ...plan);
    }
    fs.writeFileSync(path.join(dir, summary.file), lines.join('\n') + '\n');
    out.push(summary);
  }
  return out;
}
