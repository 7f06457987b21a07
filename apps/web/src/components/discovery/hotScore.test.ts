import { describe, expect, it } from 'vitest';
import { engagementOf, formatScore } from './hotScore.js';

describe('hot score helpers', () => {
  it('weighs the counters as PRODUCT §6 says', () => {
    expect(engagementOf({ likes: 10, collects: 5, comments: 3, imitations: 2, views: 1000 })).toBe(30 + 20 + 6 + 6 + 50);
    expect(engagementOf({ likes: 0, collects: 0, comments: 0, imitations: 0, views: 7 })).toBe(0.35);
  });

  it('formats small and large scores for reading', () => {
    expect(formatScore(0)).toBe('0');
    expect(formatScore(0.012345)).toBe('0.0123');
    expect(formatScore(123.456)).toBe('123.46');
    expect(formatScore(12345.6)).toBe('1.23万');
  });
});
