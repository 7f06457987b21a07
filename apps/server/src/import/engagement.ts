/**
 * Starting counters, publication dates and a dated engagement history for imported texts, so a fresh site has
 * believable lists: popular poems (by search-engine hits) read more, nothing looks fabricated in bulk, and a text's
 * counters grew with its age. A text published this morning has a morning's readers; one published seven weeks ago
 * has had its first weeks of attention and is still read now and then.
 *
 * Rankings count what happened inside their period (modules/discovery/ranking.ts). An import has counters but no
 * single likes or views, so the importer also dates its engagement: a few moments inside the longest period, each
 * holding part of the counters (`imported_engagement`), read by the rankings beside the site's own events. What a text
 * received before that lives only in its counters, as for any text.
 */
import { hotScoreOf } from '@shiju/contract';
import { seededRandom } from './random.js';

/** Part of a text's engagement at one moment. */
export interface EngagementMoment {
  at: Date;
  views: number;
  likes: number;
  collects: number;
}

export interface Engagement {
  views: number;
  likes: number;
  collects: number;
  publishedAt: Date;
  hotScore: number;
  /** The engagement of the last HISTORY_DAYS, dated; it sums to at most the counters. */
  moments: EngagementMoment[];
}

const DAY_MS = 86_400_000;
/** Publication dates spread over this many days before the import. */
const SPREAD_DAYS = 60;
/** The longest ranking period (月榜, 30 days): older engagement is only ever counted all-time. */
export const HISTORY_DAYS = 30;
/** A text's daily engagement falls to 1/e of its first day's after this many days… */
const FADE_DAYS = 10;
/** …and never below this share of it: classics keep being read. */
const FLOOR = 0.03;
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

/** Engagement on day `t` of a text's life, relative to its first day. */
const dailyRate = (t: number) => Math.exp(-t / FADE_DAYS) + FLOOR;

/** Engagement over a text's first `days` days, in first days' worth (the integral of dailyRate). */
const accrued = (days: number) => FADE_DAYS * (1 - Math.exp(-days / FADE_DAYS)) + FLOOR * days;

/** Splits `total` into integer parts proportional to `shares` (largest remainder): they sum to `total` exactly. */
export function apportion(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return shares.map(() => 0);
  const exact = shares.map((s) => (total * s) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * Counters, date and dated history for the text with this import key: views > likes > collects, or 0 (a text
 * published minutes ago may have no reader yet).
 * Deterministic: the same key and `now` give the same figures in any run or order.
 */
export function engagementFor(key: string, hits: number | undefined, curated: boolean, now: Date): Engagement {
  const random = seededRandom(key);
  const level = levelOf(hits, curated, random);
  /** Views after SPREAD_DAYS: what the oldest texts have had. */
  const mature = (30 + 10 * 2.2 ** level) * (0.75 + 0.5 * random());
  const likeRate = 0.04 + 0.08 * random();
  const collectRate = 0.2 + 0.5 * random();
  // The editors published most of the library in its first weeks and add a couple of texts a day now: the density
  // of ages grows with age (√u), so about one text is a day old, 50 a week old, a quarter a month old.
  const ageMs = Math.floor(Math.sqrt(random()) * SPREAD_DAYS * 24 * 60) * 60_000 + 5 * 60_000;
  const publishedAt = new Date(now.getTime() - ageMs);
  const age = ageMs / DAY_MS;

  const views = Math.round((mature * accrued(age)) / accrued(SPREAD_DAYS));
  const likes = Math.min(Math.max(0, views - 1), Math.round(views * likeRate));
  const collects = Math.min(Math.max(0, likes - 1), Math.round(likes * collectRate));

  // The part of the counters received inside the history window, at 2–6 moments: each weighs what a text of that
  // age receives in a day, give or take (a day someone shared it, a quiet day).
  const windowDays = Math.min(age, HISTORY_DAYS);
  const inWindow = age <= HISTORY_DAYS ? 1 : (accrued(age) - accrued(age - HISTORY_DAYS)) / accrued(age);
  const count = 2 + Math.floor(random() * 5);
  const ages = Array.from({ length: count }, () => random() * windowDays);
  const shares = ages.map((t) => dailyRate(age - t) * (0.3 + 1.4 * random()));
  const split = (total: number) => apportion(Math.round(total * inWindow), shares);
  const [v, l, c] = [split(views), split(likes), split(collects)];
  const moments = ages
    .map((t, i) => ({
      // At least a minute after publication and before the import, on whole seconds.
      at: new Date(
        Math.min(now.getTime() - 60_000, Math.max(publishedAt.getTime() + 60_000, now.getTime() - Math.round((t * DAY_MS) / 1000) * 1000)),
      ),
      views: v[i]!,
      likes: l[i]!,
      collects: c[i]!,
    }))
    .filter((m) => m.views + m.likes + m.collects > 0);

  return {
    views,
    likes,
    collects,
    publishedAt,
    // Imported likes count as established (weight 1 each).
    hotScore: hotScoreOf({ likeWeight: likes, likes, views }),
    moments: mergeSameMoment(moments),
  };
}

/** Two moments that fell on the same second become one (a text's moments are keyed by time). */
function mergeSameMoment(moments: EngagementMoment[]): EngagementMoment[] {
  const byTime = new Map<number, EngagementMoment>();
  for (const m of moments) {
    const same = byTime.get(m.at.getTime());
    if (same) {
      same.views += m.views;
      same.likes += m.likes;
      same.collects += m.collects;
    } else byTime.set(m.at.getTime(), { ...m });
  }
  return [...byTime.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}
