import type { Essay } from '@shiju/contract';

/** The weights of PRODUCT §6: engagement = likes×3 + collects×4 + comments×2 + imitations×3 + views×0.05. */
export const ENGAGEMENT_PARTS = [
  { key: 'likes', label: '喜欢', weight: 3 },
  { key: 'collects', label: '收藏', weight: 4 },
  { key: 'comments', label: '评论', weight: 2 },
  { key: 'imitations', label: '仿写', weight: 3 },
  { key: 'views', label: '阅读', weight: 0.05 },
] as const satisfies ReadonlyArray<{ key: keyof Essay; label: string; weight: number }>;

export type EngagementCounters = Pick<Essay, (typeof ENGAGEMENT_PARTS)[number]['key']>;

/** Rounds away binary noise (views × 0.05) for display: at most two decimals, no trailing zeros. */
export function roundScore(n: number): number {
  return Math.round(n * 100) / 100;
}

/** All-time engagement from a text's counters. */
export function engagementOf(c: EngagementCounters): number {
  return roundScore(ENGAGEMENT_PARTS.reduce((sum, p) => sum + c[p.key] * p.weight, 0));
}

/** Small scores (decayed by age) keep three significant digits; large ones read like counters. */
export function formatScore(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n === 0) return '0';
  if (Math.abs(n) < 1) return n.toPrecision(3);
  if (Math.abs(n) < 10000) return String(roundScore(n));
  return `${(Math.floor(n / 100) / 100).toFixed(2)}万`;
}
