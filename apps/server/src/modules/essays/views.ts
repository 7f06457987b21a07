/**
 * View counting (one per viewer per text per hour) without a write per page view: views are collected in
 * memory and written every couple of seconds in one transaction. The essay_views table still decides, at
 * write time, which views are new, so counts stay exact across processes.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays, essayViews } from '../../db/schema.js';

const FLUSH_EVERY_MS = 2000;
const MAX_PENDING = 20_000;

interface Pending {
  rows: Map<string, { essayId: number; viewerKey: string; hour: number }>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
}

const buffers = new Map<Db, Pending>();

export function recordView(db: Db, essayId: number, viewerKey: string) {
  const hour = Math.floor(Date.now() / 3_600_000);
  let p = buffers.get(db);
  if (!p) buffers.set(db, (p = { rows: new Map(), timer: null, flushing: null }));
  p.rows.set(`${essayId}:${viewerKey}:${hour}`, { essayId, viewerKey, hour });
  if (p.rows.size >= MAX_PENDING) void flushViews(db);
  else p.timer ??= setTimeout(() => void flushViews(db), FLUSH_EVERY_MS).unref();
}

/** Writes the collected views now (also called on shutdown and by tests). */
export async function flushViews(db: Db): Promise<void> {
  const p = buffers.get(db);
  if (!p) return;
  if (p.flushing) await p.flushing;
  if (p.timer) clearTimeout(p.timer);
  p.timer = null;
  if (!p.rows.size) return;
  const rows = [...p.rows.values()];
  p.rows.clear();
  p.flushing = (async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        const fresh = await tx
          .insert(essayViews)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing()
          .returning({ essayId: essayViews.essayId });
        const perEssay = new Map<number, number>();
        for (const r of fresh) perEssay.set(r.essayId, (perEssay.get(r.essayId) ?? 0) + 1);
        for (const [n, ids] of groupByCount(perEssay))
          await tx.update(essays).set({ views: sql`${essays.views} + ${n}` }).where(inArray(essays.id, ids));
      }
    });
  })().finally(() => {
    p.flushing = null;
  });
  await p.flushing;
}

/** One UPDATE per distinct increment rather than per text. */
function groupByCount(perEssay: Map<number, number>) {
  const byCount = new Map<number, number[]>();
  for (const [id, n] of perEssay) byCount.set(n, [...(byCount.get(n) ?? []), id]);
  return byCount;
}
