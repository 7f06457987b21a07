import { describe, expect, it } from 'vitest';
import { isoWeekDays, parseIsoWeek } from '@shiju/contract/core';
import { weekLabel, weekRangeLabel } from './isoWeek.js';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

describe('ISO weeks', () => {
  it('parses only well-formed week names', () => {
    expect(parseIsoWeek('2026-W47')).toEqual({ year: 2026, week: 47 });
    expect(parseIsoWeek('2026-W00')).toBeNull();
    expect(parseIsoWeek('2026-47')).toBeNull();
    expect(parseIsoWeek(null)).toBeNull();
  });

  it('finds Monday and Sunday of a week', () => {
    const w47 = isoWeekDays('2026-W47')!;
    expect([ymd(w47.monday), ymd(w47.sunday)]).toEqual(['2026-11-16', '2026-11-22']);
    // Week 1 of 2026 starts in 2025 (the week holding 4 January).
    const w1 = isoWeekDays('2026-W01')!;
    expect([ymd(w1.monday), ymd(w1.sunday)]).toEqual(['2025-12-29', '2026-01-04']);
    // 2020 had 53 weeks.
    expect(ymd(isoWeekDays('2020-W53')!.monday)).toBe('2020-12-28');
  });

  it('labels weeks for readers', () => {
    expect(weekLabel('2026-W47')).toBe('2026 年第 47 周');
    expect(weekRangeLabel('2026-W47')).toBe('11月16日 – 11月22日');
    expect(weekRangeLabel('2026-W01')).toBe('2025年12月29日 – 2026年1月4日');
    expect(weekRangeLabel('nonsense')).toBe('');
  });
});
