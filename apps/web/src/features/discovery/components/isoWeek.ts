import { isoWeekDays, parseIsoWeek } from '@shiju/contract/core';

/** ISO weeks as the server names them (`2026-W47`; the arithmetic is the contract's), read for people. */

/** 2026 年第 47 周 */
export function weekLabel(value: string): string {
  const w = parseIsoWeek(value);
  return w ? `${w.year} 年第 ${w.week} 周` : value;
}

const monthDay = (d: Date) => `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
const fullDate = (d: Date) => `${d.getUTCFullYear()}年${monthDay(d)}`;

/** 11月16日 – 11月22日; with years when the week spans two (2025年12月29日 – 2026年1月4日). */
export function weekRangeLabel(value: string): string {
  const days = isoWeekDays(value);
  if (!days) return '';
  const { monday, sunday } = days;
  return monday.getUTCFullYear() === sunday.getUTCFullYear()
    ? `${monthDay(monday)} – ${monthDay(sunday)}`
    : `${fullDate(monday)} – ${fullDate(sunday)}`;
}
