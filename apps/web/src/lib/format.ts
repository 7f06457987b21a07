import dayjs from 'dayjs';

const WAN = 1e4;
const YI = 1e8;

/** Cuts (never rounds up) to two decimals, so 19,999 reads 1.99万 and never overstates. */
function twoDecimals(n: number): string {
  return (Math.floor(n * 100) / 100).toFixed(2);
}

/** Counters as Chinese readers expect them (docs/rules.md#numbers-and-times): 9999 · 1.23万 · 1.23亿. */
export function formatCount(n: number | null | undefined): string {
  const v = Number.isFinite(n) ? Math.max(0, Math.trunc(n as number)) : 0;
  if (v < WAN) return String(v);
  if (v < YI) return `${twoDecimals(v / WAN)}万`;
  return `${twoDecimals(v / YI)}亿`;
}

/** A page's total as the reader sees it: exact, or "1000+" when the server stopped counting at its cap. */
export function totalLabel(total: number, capped: boolean | undefined): string {
  return capped ? `${total}+` : String(total);
}

/** A moment to the minute, as tables and order records show it: 2026-11-25 14:30. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm');
}

/** Chinese relative time: 刚刚 · 3分钟前 · 2小时前 · 昨天 12:30 · 3月5日 · 2025年3月5日. */
export function formatRelativeTime(input: string | number | Date, now: Date = new Date()): string {
  const t = dayjs(input);
  if (!t.isValid()) return '';
  const n = dayjs(now);
  const minutes = n.diff(t, 'minute');
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟前`;
  if (t.isSame(n, 'day')) return `${n.diff(t, 'hour')}小时前`;
  if (t.isSame(n.subtract(1, 'day'), 'day')) return `昨天 ${t.format('HH:mm')}`;
  if (t.isSame(n, 'year')) return t.format('M月D日');
  return t.format('YYYY年M月D日');
}

/** The local calendar date stamp stored in `operationTime`. */
export function todayStamp(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** Characters a reader of Chinese gets through in a minute, at an unhurried pace. */
export const READING_CHARS_PER_MINUTE = 400;

/**
 * Word count (字数: characters other than spaces, as Chinese counts them) and reading time in whole minutes
 * (at least 1) of a text.
 */
export function readingStats(text: string): { chars: number; minutes: number } {
  const chars = Array.from(text.replace(/\s+/g, '')).length;
  return { chars, minutes: Math.max(1, Math.round(chars / READING_CHARS_PER_MINUTE)) };
}
