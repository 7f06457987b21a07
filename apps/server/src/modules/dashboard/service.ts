/** The console's overview: today's figures, a daily series and today's most-read texts (Shanghai days). */
import type { Db } from '../../db/client.js';
import { shanghaiDate } from '../../lib/time.js';
import { shanghaiDayStart } from '../audit/index.js';
import { activePerDay, figuresSince, mostReadSince, newPerDay } from './queries.js';

const DAY_MS = 24 * 3600 * 1000;
const TOP = 10;

type Series = Map<string, number>;
const num = (v: unknown) => Number(v ?? 0);

/** count(*) of a table's rows per Shanghai day since `since`, keyed by `YYYY-MM-DD`. */
async function perDay(db: Db, table: 'essays' | 'users', since: Date): Promise<Series> {
  const rows = await newPerDay(db, table, since);
  return new Map(rows.map((r) => [String(r.d), num(r.n)]));
}

export async function dashboard(db: Db, days: number) {
  const today = shanghaiDate();
  const todayStart = shanghaiDayStart(today);
  const first = shanghaiDate(new Date(todayStart.getTime() - (days - 1) * DAY_MS));
  const since = shanghaiDayStart(first);
  const hourNow = Math.floor(todayStart.getTime() / 3_600_000);

  const [active, essaysPerDay, usersPerDay, figures, top] = await Promise.all([
    activePerDay(db, first),
    perDay(db, 'essays', since),
    perDay(db, 'users', since),
    figuresSince(db, todayStart),
    mostReadSince(db, hourNow, TOP),
  ]);
  const activeByDay = new Map(active.map((r) => [String(r.d), r]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = shanghaiDate(new Date(since.getTime() + i * DAY_MS + 12 * 3600 * 1000));
    const a = activeByDay.get(date);
    return {
      date,
      activeUsers: num(a?.u),
      activeVisitors: num(a?.v),
      newEssays: essaysPerDay.get(date) ?? 0,
      newUsers: usersPerDay.get(date) ?? 0,
    };
  });
  const last = series[series.length - 1]!;
  const f: Partial<NonNullable<typeof figures>> = figures ?? {};
  return {
    today: {
      activeUsers: last.activeUsers,
      activeVisitors: last.activeVisitors,
      newEssays: last.newEssays,
      newUsers: last.newUsers,
      pendingEssays: num(f.pending),
      openReports: num(f.reports),
      paidOrders: num(f.paid),
      revenueFen: num(f.revenue),
    },
    series,
    topEssays: top.map((r) => ({
      id: num(r.id),
      type: r.type,
      title: r.title ?? null,
      summary: String(r.summary),
      author: { id: num(r.authorId), nickname: String(r.nickname), avatar: r.avatar ?? null },
      views: num(r.views),
      likes: num(r.likes),
      comments: num(r.comments),
      viewsToday: num(r.viewsToday),
    })),
  };
}
