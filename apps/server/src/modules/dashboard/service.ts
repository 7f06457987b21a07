/** The console's overview: today's figures, a daily series and today's most-read texts (Shanghai days). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shanghaiDate } from '../../lib/time.js';
import { shanghaiDayStart } from '../audit/index.js';

const DAY_MS = 24 * 3600 * 1000;
const TOP = 10;

type Series = Map<string, number>;
const num = (v: unknown) => Number(v ?? 0);

/** count(*) of a table's rows per Shanghai day since `since`, keyed by `YYYY-MM-DD`. */
async function perDay(db: Db, table: 'essays' | 'users', since: Date): Promise<Series> {
  const extra = table === 'essays' ? sql` and status <> 'deleted'` : sql``;
  const res = await db.execute(sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') d, count(*)::int n
    from ${sql.identifier(table)} where created_at >= ${since.toISOString()}${extra} group by 1`);
  return new Map(res.rows.map((r) => [String((r as { d: string }).d), num((r as { n: number }).n)]));
}

export async function dashboard(db: Db, days: number) {
  const today = shanghaiDate();
  const todayStart = shanghaiDayStart(today);
  const first = shanghaiDate(new Date(todayStart.getTime() - (days - 1) * DAY_MS));
  const since = shanghaiDayStart(first);
  const hourNow = Math.floor(todayStart.getTime() / 3_600_000);

  const [active, essaysPerDay, usersPerDay, figures, top] = await Promise.all([
    db.execute(sql`select day::text d, count(*) filter (where user_id is not null)::int u, count(*) filter (where user_id is null)::int v
      from activity where day >= ${first} group by 1`),
    perDay(db, 'essays', since),
    perDay(db, 'users', since),
    db.execute(sql`select
      (select count(*)::int from essays where status = 'pending') pending,
      (select count(*)::int from reports where status = 'open') reports,
      (select count(*)::int from orders where status = 'paid' and paid_at >= ${todayStart.toISOString()}) paid,
      (select coalesce(sum(amount), 0)::int from orders where status = 'paid' and paid_at >= ${todayStart.toISOString()}) revenue`),
    db.execute(sql`select e.id, e.type, e.title, e.summary, e.views, e.likes, e.comments, v.n views_today,
        u.id author_id, u.nickname, u.avatar
      from (select essay_id, count(*)::int n from essay_views where hour >= ${hourNow} group by 1 order by 2 desc limit 50) v
      join essays e on e.id = v.essay_id and e.status = 'published'
      join users u on u.id = e.author_id
      order by v.n desc, e.id desc limit ${TOP}`),
  ]);
  const activeByDay = new Map(active.rows.map((r) => [String((r as { d: string }).d), r as { u: number; v: number }]));
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
  const f = (figures.rows[0] ?? {}) as Record<string, unknown>;
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
    topEssays: top.rows.map((row) => {
      const r = row as Record<string, unknown>;
      return {
        id: num(r.id),
        type: r.type as 'sentence' | 'essay',
        title: (r.title as string | null) ?? null,
        summary: String(r.summary),
        author: { id: num(r.author_id), nickname: String(r.nickname), avatar: (r.avatar as string | null) ?? null },
        views: num(r.views),
        likes: num(r.likes),
        comments: num(r.comments),
        viewsToday: num(r.views_today),
      };
    }),
  };
}
