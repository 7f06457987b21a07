/**
 * Starting counters and publication dates for imported texts, so a fresh site has believable
 * rankings: popular poems (by search-engine hits) start ahead, nothing looks fabricated in bulk.
 */
import { hotScoreOf } from '@shiju/contract';
import { seededRandom } from './random.js';

export interface Engagement {
  views: number;
  likes: number;
  collects: number;
  publishedAt: Date;
  hotScore: number;
}

const SPREAD_DAYS = 60;
/** Hits above ten million are noise (one-character titles match everything). */
const MAX_LEVEL = 7;

/**
 * Popularity level on a log scale (about 0–7). Without hits, a modest random level; texts from
 * curated anthologies (唐诗三百首, 古文观止…) are better known than the average poem, so they get more.
 */
function levelOf(hits: number | undefined, curated: boolean, random: () => number): number {
  const base = hits === undefined ? 1 + 2.5 * random() : Math.min(MAX_LEVEL, Math.log10(hits + 1));
  return base + (curated ? 0.8 : 0);
}

/** Counters and date for the text with this import key; views > likes > collects always holds. */
export function engagementFor(key: string, hits: number | undefined, curated: boolean, now: Date): Engagement {
  const random = seededRandom(key);
  const level = levelOf(hits, curated, random);
  const views = Math.max(3, Math.round((30 + 10 * 2.2 ** level) * (0.75 + 0.5 * random())));
  const likes = Math.min(views - 1, Math.max(1, Math.round(views * (0.04 + 0.08 * random()))));
  const collects = Math.min(likes - 1, Math.round(likes * (0.2 + 0.5 * random())));
  const age = Math.floor(random() * SPREAD_DAYS * 24 * 60) * 60_000;
  const publishedAt = new Date(now.getTime() - age - 5 * 60_000);
  return {
    views,
    likes,
    collects,
    publishedAt,
    hotScore: hotScoreOf({ views, likes, collects, comments: 0, imitations: 0 }, publishedAt),
  };
}
