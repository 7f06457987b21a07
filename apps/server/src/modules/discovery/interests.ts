import type { Db } from '../../db/client.js';
import { EVERYTHING, LISTS_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import { invalid } from '../../http/errors.js';
import { cappedTotal } from '../../lib/paging.js';
import { feedRows, interestIdsOf, interestTags, newestPerTag, replaceInterests } from './feedQueries.js';
import { existingTagIds } from '../tags/index.js';

export async function getInterests(db: Db, userId: number) {
  return { tagIds: await interestIdsOf(db, userId) };
}

/** Replaces the caller's interest tags (the first choice and every later edit alike). */
export async function setInterests(db: Db, broadcast: Broadcast, userId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  const found = await existingTagIds(db, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length) throw invalid(`tagIds 标签不存在：${missing.join(', ')}`);
  if (unique.length < 3) throw invalid('tagIds 请至少选择 3 个不同的兴趣标签');
  await replaceInterests(db, userId, unique);
  forgetFeed(broadcast, userId);
  return getInterests(db, userId);
}

/**
 * A reader's feed total, kept half a minute: counting it walks up to TOTAL_CAP + 1 entries of every interest tag,
 * more than half of a feed page's database time. Dropped in every process when the reader changes interests or
 * marks a text 不感兴趣, and whenever texts enter or leave the lists.
 */
export function createFeedTotals(broadcast: Broadcast, metrics: Metrics) {
  const feedTotals = new Cache<number>(metrics, 'feed-totals', { ttl: 30_000, max: 5000 });
  broadcast.onInvalidate('feed', (key) => (key === EVERYTHING ? feedTotals.clear() : feedTotals.delete(key)));
  broadcast.onInvalidate(LISTS_CHANGED, () => feedTotals.clear());
  return feedTotals;
}
export type FeedTotals = ReturnType<typeof createFeedTotals>;
/** After the reader changed what their feed holds (interests, 不感兴趣). */
export const forgetFeed = (broadcast: Broadcast, userId: number) => broadcast.invalidate('feed', String(userId));

/**
 * The personal feed: texts under the reader's interest tags, newest first, not their own; cards and (unless kept)
 * the total in one statement.
 */
export async function feedPage(db: Db, feedTotals: FeedTotals, userId: number, limit: number, offset: number, blocksSomeone = true) {
  const kept = feedTotals.peek(String(userId));
  const rows = await feedRows(db, userId, limit, offset, blocksSomeone, kept);
  const n = rows[0]?.total ?? 0;
  if (kept === undefined) feedTotals.set(String(userId), n);
  return { cards: rows.filter((r) => r.id !== null), ...cappedTotal(n) };
}

/** For each interest tag, its newest few texts. */
/** The newest `per` texts under each of the reader's interests, as cards (two statements, however many interests). */
export async function newestPerInterest(db: Db, userId: number, per: number) {
  const mine = await interestTags(db, userId);
  if (!mine.length) return [];
  const rows = await newestPerTag(
    db,
    userId,
    mine.map((t) => t.id),
    per,
  );
  return mine.map((tag) => ({ tag, cards: rows.filter((r) => r.id !== null && r.tagId === tag.id) }));
}
