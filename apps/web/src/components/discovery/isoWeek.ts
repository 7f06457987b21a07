/** ISO weeks as the server names them (`2026-W47`, weeks start on Monday), read for people. */
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;
const DAY_MS = 24 * 3600 * 1000;

export interface IsoWeek {
  year: number;
  week: number;
}

export function parseIsoWeek(value: string | null | undefined): IsoWeek | null {
  const m = ISO_WEEK.exec(value ?? '');
  if (!m) return null;
  const week = Number(m[2]);
  return week >= 1 && week <= 53 ? { year: Number(m[1]), week } : null;
}

/** The Monday of an ISO week as a calendar date (a UTC midnight: only its date parts are meaningful). */
function mondayOf({ year, week }: IsoWeek): Date {
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(jan4 - jan4Weekday * DAY_MS + (week - 1) * 7 * DAY_MS);
}

/** Monday and Sunday of the week, or null for a malformed name. */
export function isoWeekDays(value: string): { monday: Date; sunday: Date } | null {
  const w = parseIsoWeek(value);
  if (!w) return null;
  const monday = mondayOf(w);
  return { monday, sunday: new Date(monday.getTime() + 6 * DAY_MS) };
}

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
