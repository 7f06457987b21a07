/**
 * Background work that shares the machine with readers (the scheduled jobs): done in chunks, resting after each one
 * so that the work holds the database for at most `share` of the time. A chunk that took 40 ms at a share of ½
 * rests 40 ms; at ¼, 120 ms. Readers' statements run in the gaps, so a job that once took seconds of the database's
 * CPU at a stretch (the month and all-time rankings, 9 s) no longer queues every reader behind it at a start.
 */

/** The least rest between chunks, so that a run of very short chunks still yields to waiting requests. */
const MIN_REST_MS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rests after a chunk begun at `startedMs` (Date.now()) so the work's share of the time stays at most `share`. */
export function rest(startedMs: number, share: number): Promise<void> {
  const took = Date.now() - startedMs;
  return sleep(Math.max(MIN_REST_MS, (took * (1 - share)) / share));
}

/** Runs `fn` on `items`, `size` at a time, group after group while `goOn()` holds; answers the results in order. */
export async function inGroups<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>, goOn = () => true): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length && goOn(); i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}
