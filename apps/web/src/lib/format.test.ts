import { describe, expect, it } from 'vitest';
import { formatCount, formatRelativeTime, readingStats, todayStamp, totalLabel } from './format.js';

describe('formatCount', () => {
  it('keeps numbers below ten thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
  });
  it('uses 万 and 亿 with two decimals', () => {
    expect(formatCount(10000)).toBe('1.00万');
    expect(formatCount(12345)).toBe('1.23万');
    expect(formatCount(19999)).toBe('1.99万');
    expect(formatCount(99999999)).toBe('9999.99万');
    expect(formatCount(123456789)).toBe('1.23亿');
  });
  it('treats missing or negative values as zero', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(-5)).toBe('0');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 2, 10, 15, 0, 0);
  it('reads like a person would say it', () => {
    expect(formatRelativeTime(new Date(2026, 2, 10, 14, 59, 40), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(2026, 2, 10, 14, 57, 0), now)).toBe('3分钟前');
    expect(formatRelativeTime(new Date(2026, 2, 10, 13, 0, 0), now)).toBe('2小时前');
    expect(formatRelativeTime(new Date(2026, 2, 9, 12, 30, 0), now)).toBe('昨天 12:30');
    expect(formatRelativeTime(new Date(2026, 0, 5, 8, 0, 0), now)).toBe('1月5日');
    expect(formatRelativeTime(new Date(2025, 11, 31, 8, 0, 0), now)).toBe('2025年12月31日');
  });
  it('shows a future time (clock skew) as 刚刚', () => {
    expect(formatRelativeTime(new Date(2026, 2, 10, 15, 5, 0), now)).toBe('刚刚');
  });
  it('returns an empty string for garbage', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('todayStamp', () => {
  it('is the local date as YYYY-MM-DD', () => {
    expect(todayStamp(new Date(2026, 0, 7, 23, 59))).toBe('2026-01-07');
  });
});

describe('totalLabel', () => {
  it('shows an exact total as it is and a capped one with a plus', () => {
    expect(totalLabel(37, false)).toBe('37');
    expect(totalLabel(1000, true)).toBe('1000+');
    expect(totalLabel(1000, false)).toBe('1000');
  });
});

describe('readingStats', () => {
  it('counts characters without spaces, surrogate pairs as one', () => {
    expect(readingStats('春眠 不觉晓，\n处处闻啼鸟。')).toEqual({ chars: 12, minutes: 1 });
    expect(readingStats('𠀀𠀁')).toEqual({ chars: 2, minutes: 1 });
  });
  it('reads 400 characters a minute, rounded, at least one', () => {
    expect(readingStats('字'.repeat(1000)).minutes).toBe(3);
    expect(readingStats('字'.repeat(1300)).minutes).toBe(3);
    expect(readingStats('').minutes).toBe(1);
  });
});
