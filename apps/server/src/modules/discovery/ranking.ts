/**
 * Rankings (docs/decisions/0016). 日榜/周榜/月榜 count what happened inside the period: the likes made in it, each
 * weighted by the liker's account age when it was made, over the distinct viewers of the period; an imported text's
 * engagement is dated by the importer (imported_engagement) and counts as established. The score is the confidence
 * bound of the contract (hotScoreOf), which freshness cannot lift: a text nobody liked is not listed, however new.
 * 总榜 reads each text's stored all-time score. A text needs RANK_MIN_LIKES of weighted likes to enter any list.
 *
 * The order is the same for every reader, so a job computes it (refreshRankings) into ranking_entries and a request
 * reads a page of that small table; the reader's own flags are added on top when the page is presented, and a text
 * hidden or reported since leaves the page at once. */
import type { CallData } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { EVERYTHING, LISTS_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import { cappedTotal } from '../../lib/paging.js';
import { rest } from '../../lib/pace.js';
import { maxEssayId } from '../../db/ids.js';
import { rankedChunk, rankingRows, replaceRanking, type Period, type RankedRow } from './rankingQueries.js';
import { withReaderFlags } from '../essays/index.js';
import { mutesAnything } from '../mutes/index.js';

export type { Period } from './rankingQueries.js';
export const PERIODS: Period[] = ['day', 'week', 'month', 'all'];

/** How many texts each list (overall, per classification, per type, per both) keeps. */
export const RANKING_DEPTH = 200;

/** How many texts' ids each chunk of a refresh covers, and the share of the database's time a refresh may hold. */
export const RANKING_CHUNK = 5_000;
const RANKING_SHARE = 0.5;

/**
 * Recomputes one period's lists as of `at` (the app's clock) and swaps them in, in one transaction: readers see the
 * old lists until it commits. The library is read in chunks of ids, resting after each as long as it took (lib/pace.ts),
 * so a refresh of the month's or all time's lists, which reads most of the corpus, never holds the database for
 * seconds at a stretch; each chunk returns only its candidates (rankedChunk), merged here with those kept so far.
 * `share` is the database's time it may hold: 1 where no reader waits (an import before the server listens).
 */
export async function refreshRanking(
  db: Db,
  period: Period,
  at: Date,
  { chunk = RANKING_CHUNK, depth = RANKING_DEPTH, share = RANKING_SHARE }: { chunk?: number; depth?: number; share?: number } = {},
): Promise<number> {
  const end = (await maxEssayId(db)) + 1;
  let kept: RankedRow[] = [];
  for (let lo = 0; lo < end; lo += chunk) {
    const started = Date.now();
    kept = firstOfEachList([...kept, ...(await rankedChunk(db, period, at, lo, lo + chunk, depth))], depth);
    await rest(started, share);
  }
  return replaceRanking(db, period, kept);
}

/**
 * The texts among the first `depth` of any list: overall, per classification, per type, per both (a text without a
 * classification is ranked with the others without one). Order: score, then the newer id first.
 */
export function firstOfEachList(rows: RankedRow[], depth: number): RankedRow[] {
  const sorted = [...rows].sort((a, b) => b.score - a.score || b.id - a.id);
  const seen = new Map<string, number>();
  const place = (key: string) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  };
  return sorted.filter((r) => {
    const c = r.classificationId ?? 'none';
    const places = [place('all'), place(`c${c}`), place(`t${r.type}`), place(`c${c}t${r.type}`)];
    return Math.min(...places) <= depth;
  });
}

export async function refreshRankings(
  db: Db,
  broadcast: Broadcast,
  periods: Period[] = PERIODS,
  at: Date = new Date(),
): Promise<Partial<Record<Period, number>>> {
  const out: Partial<Record<Period, number>> = {};
  for (const p of periods) out[p] = await refreshRanking(db, p, at);
  broadcast.invalidate('rankings', EVERYTHING);
  return out;
}

/**
 * Visitors' ranking pages, kept a minute: the lists change only when the job swaps them in (which drops these in
 * every process) or when a text leaves the lists; the counters on the cards may be a minute old, as on a text's page.
 */
/** `unkeptAfterDropMs`: with read replicas, how long after a drop pages are not kept (lib/cache.ts). */
export function createRankingCache(broadcast: Broadcast, metrics: Metrics, unkeptAfterDropMs = 0) {
  const rankings = new Cache<CallData<'ranking'>>(metrics, 'rankings', { ttl: 60_000, max: 2000, unkeptAfterDropMs });
  broadcast.onInvalidate('rankings', () => rankings.clear());
  broadcast.onInvalidate(LISTS_CHANGED, () => rankings.clear());
  return rankings;
}
export type RankingCache = ReturnType<typeof createRankingCache>;

/**
 * A signed-in reader's ranking page. The lists are the same for everyone but readers who blocked or muted someone or
 * something (their page leaves those out and is their own statement): anyone else reads the visitors' cached page
 * with their own likes and collects.
 */
export async function readerRanking<
  P extends {
    list: Array<{ id: number; liked: boolean; collected: boolean; likes: number; collects: number; comments: number; imitations: number }>;
  },
>(db: Db, viewerId: number, blocksSomeone: boolean, shared: () => Promise<P>, own: () => Promise<P>): Promise<P> {
  if (blocksSomeone) return own();
  const page = await shared();
  const list = await withReaderFlags(db, viewerId, page.list, mutesAnything(viewerId));
  return list ? { ...page, list } : own();
}

/**
 * A page of a precomputed ranking as cards with the viewer's flags, and its total, in one statement. The lists are
 * the same for everyone; a signed-in viewer's page leaves out the texts of people they blocked while it walks the
 * list's index (a key probe of blocks per entry passed), and their total counts without them only when they blocked
 * someone. A visitor's statement is the plain walk.
 */
export async function rankingPage(
  db: Db,
  f: { period: Period; type?: string; classificationId?: number },
  limit: number,
  offset: number,
  viewerId?: number,
) {
  const rows = await rankingRows(db, f, limit, offset, viewerId);
  return { rows: rows.filter((r) => r.id !== null), ...cappedTotal(rows[0]?.total ?? 0) };
}
