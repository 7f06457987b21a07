import type { Essay } from '@shiju/contract';
import { ENGAGEMENT_WEIGHTS, engagementOf as weighted, type EngagementCounters } from '@shiju/contract/core';

export type { EngagementCounters };

/** The parts of engagement as the leaderboard explains them; the weights are the contract's (PRODUCT §6). */
export const ENGAGEMENT_PARTS = [
  { key: 'likes', label: '喜欢', weight: ENGAGEMENT_WEIGHTS.likes },
  { key: 'collects', label: '收藏', weight: ENGAGEMENT_WEIGHTS.collects },
  { key: 'comments', label: '评论', weight: ENGAGEMENT_WEIGHTS.comments },
  { key: 'imitations', label: '仿写', weight: ENGAGEMENT_WEIGHTS.imitations },
  { key: 'views', label: '阅读', weight: ENGAGEMENT_WEIGHTS.views },
] as const satisfies ReadonlyArray<{ key: keyof Essay & keyof EngagementCounters; label: string; weight: number }>;

/** Rounds away binary noise (views × 0.05) for display: at most two decimals, no trailing zeros. */
export function roundScore(n: number): number {
  return Math.round(n * 100) / 100;
}

/** All-time engagement from a text's counters. */
export function engagementOf(c: EngagementCounters): number {
  return roundScore(weighted(c));
}

/** Small scores (decayed by age) keep three significant digits; large ones read like counters. */
export function formatScore(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n === 0) return '0';
  if (Math.abs(n) < 1) return n.toPrecision(3);
  if (Math.abs(n) < 10000) return String(roundScore(n));
  return `${(Math.floor(n / 100) / 100).toFixed(2)}万`;
}
