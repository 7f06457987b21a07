/** ISO weeks on China's calendar (Asia/Shanghai): `2026-W47`, Monday 00:00 to the next Monday. */
const SHANGHAI_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export function isoWeekOf(d: Date): string {
  const local = new Date(d.getTime() + SHANGHAI_MS);
  const day = (local.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - day + 3));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / (7 * DAY_MS));
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The instant a week starts (Monday 00:00 Shanghai) and the instant the next one does. */
export function weekRange(week: string): { start: Date; end: Date } {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) throw new Error(`bad ISO week: ${week}`);
  const year = Number(m[1]);
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Day = (new Date(jan4).getUTCDay() + 6) % 7;
  const mondayWeek1 = jan4 - jan4Day * DAY_MS;
  const startLocal = mondayWeek1 + (Number(m[2]) - 1) * 7 * DAY_MS;
  return { start: new Date(startLocal - SHANGHAI_MS), end: new Date(startLocal - SHANGHAI_MS + 7 * DAY_MS) };
}

export function previousWeek(now = new Date()): string {
  return isoWeekOf(new Date(now.getTime() - 7 * DAY_MS));
}
