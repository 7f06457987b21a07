/**
 * Before a process takes readers (main.ts, before it listens): the calls readers make most — lists in each sort and a
 * deep page, details of the texts they list, every ranking, search, the home page — made by the server itself, as
 * many at once as its pool has connections. A process that listened cold answered its first seconds slowly
 * (benchmarks/scale.md, "Start-ups before and after"): each new database connection read its catalogue and planned each
 * statement afresh, the code ran unoptimised, and every cache was empty, all while the first readers queued.
 *
 * The calls carry the prerender secret (prerender.ts): they are a visitor's, count no view and take no one's rate
 * limit; searches ask for a second page, which counts no query as searched. The texts and words come from the
 * library's own answers, so an empty library warms what it has. Bounded by a call count and by time.
 */
import { calls, type CallDef } from '@shiju/contract';
import type { FastifyInstance } from 'fastify';
import { prerenderHeaders } from './prerender.js';
import { inGroups } from '../lib/pace.js';

export interface WarmUpOptions {
  /** How many calls run at once (the pool's size: each connection prepares its statements). */
  concurrency: number;
  /** Stop starting calls after this long, however many are left. */
  budgetMs?: number;
  /** Draw 首页 and a text's page too (when the web app is built and served). */
  pages: boolean;
}

type Call = { def: CallDef; body?: object; query?: Record<string, string | number> };

const SORTS = ['new', 'hot', 'likes'] as const;
const PERIODS = ['day', 'week', 'month', 'all'] as const;
const DEEP_PAGES = [1, 2, 20, 150];

/** The warm-up; resolves with what it did (for the start-up log). Never throws: a failed call is only counted. */
export async function warmUp(app: FastifyInstance, opts: WarmUpOptions): Promise<{ calls: number; failed: string[]; ms: number }> {
  const started = Date.now();
  const deadline = started + (opts.budgetMs ?? 5000);
  let made = 0;
  /** The calls that did not answer 00000 (or pages 200), as `path code`, for the start-up log. */
  const failed: string[] = [];
  const call = async (c: Call): Promise<unknown> => {
    made++;
    const query = c.query ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]))}` : '';
    try {
      const res = await app.inject({ method: c.def.method, url: `${c.def.path}${query}`, headers: prerenderHeaders(), payload: c.body });
      const body = res.json<{ code: string; data: unknown }>();
      if (body.code !== '00000') failed.push(`${c.def.path}${query} ${body.code}`);
      return body.data;
    } catch (err) {
      failed.push(`${c.def.path}${query} ${(err as Error).message}`);
      return null;
    }
  };
  const batch = (list: Call[]) => inGroups(list, opts.concurrency, call, () => Date.now() < deadline);

  const classes = listOf<{ id: number }>(await call({ def: calls.classificationsPage, query: { pageSize: 50 } }));
  const filters: object[] = [{}, { type: 'sentence' }, { type: 'essay' }, ...classes.slice(0, 8).map((c) => ({ classificationId: c.id }))];
  const lists = await batch(
    filters.flatMap((f) =>
      SORTS.flatMap((sort) => DEEP_PAGES.map((pageNum) => ({ def: calls.essaysPage, body: { ...f, sort, pageNum, pageSize: 10 } }))),
    ),
  );
  const texts = lists.flatMap((l) => listOf<{ id: number; title?: string | null; content?: string | null }>(l));
  const ids = [...new Set(texts.map((t) => t.id))].slice(0, opts.concurrency * 4);
  const words = [
    ...new Set(
      texts.map((t) =>
        Array.from((t.title || t.content || '').replace(/[^\p{Script=Han}]/gu, ''))
          .slice(0, 2)
          .join(''),
      ),
    ),
  ]
    .filter((w) => w.length === 2)
    .slice(0, opts.concurrency);
  await batch([
    ...ids.map((id) => ({ def: calls.essayDetails, body: { id } })),
    ...PERIODS.flatMap((period) => [1, 3].map((pageNum) => ({ def: calls.ranking, body: { period, pageNum, pageSize: 10 } }))),
    ...words.map((q) => ({ def: calls.search, query: { q, type: 'essay', pageNum: 2 } })),
  ]);
  // The pages a reader lands on, drawn on the server.
  for (const url of opts.pages ? ['/home', ids[0] ? `/bellesDetails?id=${ids[0]}` : null] : []) {
    if (!url || Date.now() >= deadline) continue;
    made++;
    const res = await app.inject({ method: 'GET', url, headers: prerenderHeaders() }).catch(() => null);
    if (res?.statusCode !== 200) failed.push(`${url} ${res?.statusCode ?? 'no answer'}`);
  }
  return { calls: made, failed, ms: Date.now() - started };
}

function listOf<T>(data: unknown): T[] {
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as T[]) : [];
}
