/**
 * View counting (one per viewer per text per hour) without a write per page view: views are collected in
 * memory and written every couple of seconds in one transaction. The essay_views table still decides, at
 * write time, which views are new, so counts stay exact across processes.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays, essayViews } from '../../db/schema.js';
import { hotScoreSql } from '../../lib/engagement.js';

const FLUSH_EVERY_MS = 2000;
const MAX_PENDING = 20_000;
/**
 * Views per transaction. The embedded database runs in the server's own thread on one connection, so one transaction
 * of every view collected (up to MAX_PENDING) would hold all page requests until it commits; between chunks of this
 * size requests get their turn.
 */
const FLUSH_CHUNK = 200;
/** While the database is away the buffer keeps growing up to this, then the oldest views are dropped. */
const MAX_KEPT = 200_000;

type Row = { essayId: number; viewerKey: string; hour: number };
interface Pending {
  rows: Map<string, Row>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
}
interface FlushLog {
  warn(obj: object, msg: string): void;
}

const buffers = new Map<Db, Pending>();
const logs = new WeakMap<Db, FlushLog>();

function pending(db: Db): Pending {
  let p = buffers.get(db);
  if (!p) buffers.set(db, (p = { rows: new Map(), timer: null, flushing: null }));
  return p;
}

/** Where timer-driven flushes report failures (the app's logger). */
export function watchViews(db: Db, log: FlushLog) {
  logs.set(db, log);
}

/** A flush from a timer must never reject into the void: it logs, and the views wait for the next try. */
function flushLater(db: Db) {
  flushViews(db).catch((err: unknown) => {
    logs.get(db)?.warn({ err: { message: (err as Error).message } }, 'view flush failed; retrying');
    const p = pending(db);
    p.timer ??= setTimeout(() => flushLater(db), FLUSH_EVERY_MS).unref();
  });
}

export function recordView(db: Db, essayId: number, viewerKey: string) {
  const hour = Math.floor(Date.now() / 3_600_000);
  const p = pending(db);
  p.rows.set(`${essayId}:${viewerKey}:${hour}`, { essayId, viewerKey, hour });
  if (p.rows.size >= MAX_PENDING && !p.flushing) flushLater(db);
  else p.timer ??= setTimeout(() => flushLater(db), FLUSH_EVERY_MS).unref();
}

/** Writes the collected views now (also called on shutdown and by tests). */
export async function flushViews(db: Db): Promise<void> {
  const p = buffers.get(db);
  if (!p) return;
  if (p.flushing) await p.flushing.catch(() => {});
  if (p.timer) clearTimeout(p.timer);
  p.timer = null;
  if (!p.rows.size) return;
  const taken = [...p.rows];
  p.rows.clear();
  p.flushing = (async () => {
    for (let i = 0; i < taken.length; i += FLUSH_CHUNK) {
      try {
        await writeViews(
          db,
          taken.slice(i, i + FLUSH_CHUNK).map(([, row]) => row),
        );
      } catch (err) {
        // That chunk was not written (one transaction each) nor any after it: put them back, newer views first in
        // line for the cap.
        for (const [key, row] of taken.slice(i)) if (!p.rows.has(key) && p.rows.size < MAX_KEPT) p.rows.set(key, row);
        throw err;
      }
    }
  })().finally(() => {
    p.flushing = null;
  });
  await p.flushing;
}

/** New views are those essay_views did not hold yet; each text's counter and (see below) score move by them. */
async function writeViews(db: Db, rows: Row[]) {
  await db.transaction(async (tx) => {
    const fresh = await tx.insert(essayViews).values(rows).onConflictDoNothing().returning({ essayId: essayViews.essayId });
    const perEssay = new Map<number, number>();
    for (const r of fresh) perEssay.set(r.essayId, (perEssay.get(r.essayId) ?? 0) + 1);
    for (const [n, ids] of groupByCount(perEssay))
      await tx
        .update(essays)
        .set({ views: sql`${essays.views} + ${n}`, hotScore: scoreAfterViews(n) })
        .where(inArray(essays.id, ids));
  });
}

/**
 * How far views alone may move the stored hot score before the flush rewrites it: 0.01 on a scale where a day of
 * freshness is 1 (a quarter of an hour). A view weighs 0.05 of engagement, so a text with 80 needs about 40 new views
 * to move that far. Below it the flush changes only the views column: no index entry, no trigger on essay_tags, an
 * update PostgreSQL can make in place. Likes, collects, comments and imitations set the full score (views included).
 */
export const VIEW_SCORE_STEP = 0.01;

function scoreAfterViews(n: number) {
  const fresh = hotScoreSql('essays', { views: sql`(${essays.views} + ${n})` });
  return sql`case when abs(${fresh} - ${essays.hotScore}) >= ${VIEW_SCORE_STEP} then ${fresh} else ${essays.hotScore} end`;
}

/** One UPDATE per distinct increment rather than per text. */
function groupByCount(perEssay: Map<number, number>) {
  const byCount = new Map<number, number[]>();
  for (const [id, n] of perEssay) byCount.set(n, [...(byCount.get(n) ?? []), id]);
  return byCount;
}
