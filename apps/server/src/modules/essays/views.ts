/**
 * View counting (one per viewer per text per hour) without a write per page view: views are collected in
 * memory and written every couple of seconds in one transaction. The essay_views table still decides, at
 * write time, which views are new, so counts stay exact across processes.
 */
import type { Db } from '../../db/client.js';
import { addViews, insertViews } from './queries.js';

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
interface FlushLog {
  warn(obj: object, msg: string): void;
}

export interface ViewBuffer {
  record(essayId: number, viewerKey: string): void;
  /** Writes the collected views now (also called on shutdown and by tests). */
  flush(): Promise<void>;
}

/** One buffer per app, writing to its database; timer-driven flushes report failures to `log`. */
export function createViewBuffer(db: Db, log?: FlushLog): ViewBuffer {
  const rows = new Map<string, Row>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  /** A flush from a timer must never reject into the void: it logs, and the views wait for the next try. */
  const flushLater = () => {
    flush().catch((err: unknown) => {
      log?.warn({ err: { message: (err as Error).message } }, 'view flush failed; retrying');
      timer ??= setTimeout(flushLater, FLUSH_EVERY_MS).unref();
    });
  };

  const flush = async (): Promise<void> => {
    if (flushing) await flushing.catch(() => {});
    if (timer) clearTimeout(timer);
    timer = null;
    if (!rows.size) return;
    const taken = [...rows];
    rows.clear();
    flushing = (async () => {
      for (let i = 0; i < taken.length; i += FLUSH_CHUNK) {
        try {
          await writeViews(
            db,
            taken.slice(i, i + FLUSH_CHUNK).map(([, row]) => row),
          );
        } catch (err) {
          // That chunk was not written (one transaction each) nor any after it: put them back, newer views first in
          // line for the cap.
          for (const [key, row] of taken.slice(i)) if (!rows.has(key) && rows.size < MAX_KEPT) rows.set(key, row);
          throw err;
        }
      }
    })().finally(() => {
      flushing = null;
    });
    await flushing;
  };

  return {
    record(essayId, viewerKey) {
      const hour = Math.floor(Date.now() / 3_600_000);
      rows.set(`${essayId}:${viewerKey}:${hour}`, { essayId, viewerKey, hour });
      if (rows.size >= MAX_PENDING && !flushing) flushLater();
      else timer ??= setTimeout(flushLater, FLUSH_EVERY_MS).unref();
    },
    flush,
  };
}

/** New views are those essay_views did not hold yet; each text's counter and (see below) score move by them. */
async function writeViews(db: Db, rows: Row[]) {
  await db.transaction(async (tx) => {
    const fresh = await insertViews(tx, rows);
    const perEssay = new Map<number, number>();
    for (const essayId of fresh) perEssay.set(essayId, (perEssay.get(essayId) ?? 0) + 1);
    for (const [n, ids] of groupByCount(perEssay)) await addViews(tx, ids, n);
  });
}

/** One UPDATE per distinct increment rather than per text. */
function groupByCount(perEssay: Map<number, number>) {
  const byCount = new Map<number, number[]>();
  for (const [id, n] of perEssay) byCount.set(n, [...(byCount.get(n) ?? []), id]);
  return byCount;
}
