/** Statements of the console's overview: daily counts, today's figures and the texts most read since an hour. */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { aliased } from '../../db/names.js';
import { activity, essays, essayViews, orders, reports, users } from '../../db/schema.js';

/** Signed-in users (`u`) and visitors (`v`) active on each day since `first` (`YYYY-MM-DD` in `d`). */
export function activePerDay(db: Db, first: string) {
  return rowsOf<{ d: string; u: number; v: number }>(
    db,
    sql`select ${activity.day}::text d, count(*) filter (where ${activity.userId} is not null)::int u, count(*) filter (where ${activity.userId} is null)::int v
      from ${activity} where ${activity.day} >= ${first} group by 1`,
  );
}

/** count(*) of new texts (not deleted) or new users per Shanghai day since `since`, the day as `YYYY-MM-DD` in `d`. */
export function newPerDay(db: Db, of: 'essays' | 'users', since: Date) {
  const table = of === 'essays' ? essays : users;
  const extra = of === 'essays' ? sql` and ${essays.status} <> 'deleted'` : sql``;
  return rowsOf<{ d: string; n: number }>(
    db,
    sql`select to_char(${table.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD') d, count(*)::int n
      from ${table} where ${table.createdAt} >= ${since.toISOString()}${extra} group by 1`,
  );
}

/** Texts waiting for review, open reports, and orders paid since `since` with their sum (fen). */
export async function figuresSince(db: Db, since: Date) {
  const [row] = await rowsOf<{ pending: number; reports: number; paid: number; revenue: number }>(
    db,
    sql`select
      (select count(*)::int from ${essays} where ${essays.status} = 'pending') pending,
      (select count(*)::int from ${reports} where ${reports.status} = 'open') reports,
      (select count(*)::int from ${orders} where ${orders.status} = 'paid' and ${orders.paidAt} >= ${since.toISOString()}) paid,
      (select coalesce(sum(${orders.amount}), 0)::int from ${orders} where ${orders.status} = 'paid' and ${orders.paidAt} >= ${since.toISOString()}) revenue`,
  );
  return row;
}

const e = alias(essays, 'e');
const u = alias(users, 'u');
/** The texts viewed since the hour, with their views (`n`): columns of essay_views. */
const v = alias(essayViews, 'v');

export type MostReadRow = Pick<typeof essays.$inferSelect, 'id' | 'type' | 'title' | 'summary' | 'views' | 'likes' | 'comments'> & {
  viewsToday: number;
  authorId: number;
  nickname: string;
  avatar: string | null;
};

/** The `n` published texts most viewed since `hour` (of the 50 most viewed), with their authors. */
export function mostReadSince(db: Db, hour: number, n: number) {
  return rowsOf<MostReadRow>(
    db,
    sql`select ${e.id}, ${e.type}, ${e.title}, ${e.summary}, ${e.views}, ${e.likes}, ${e.comments}, v.n "viewsToday",
        ${u.id} "authorId", ${u.nickname}, ${u.avatar}
      from (select ${essayViews.essayId}, count(*)::int n from ${essayViews} where ${essayViews.hour} >= ${hour} group by 1 order by 2 desc limit 50) v
      join ${aliased(e)} on ${e.id} = ${v.essayId} and ${e.status} = 'published'
      join ${aliased(u)} on ${u.id} = ${e.authorId}
      order by v.n desc, ${e.id} desc limit ${n}`,
  );
}
