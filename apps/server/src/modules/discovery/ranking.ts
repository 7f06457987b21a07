/**
 * Rankings (PRODUCT §6). 日榜/周榜/月榜 count engagement inside the period: the events (likes, collects,
 * comments, imitations, views) that happened in it — or, for a text published inside the period, all of its
 * counters, since all of its engagement happened there. The score decays with age like the hot score.
 * 总榜 ranks by all-time engagement without decay (an all-time list that favoured the new would not be one).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type Period = 'day' | 'week' | 'month' | 'all';
const INTERVAL: Record<Exclude<Period, 'all'>, string> = { day: '1 day', week: '7 days', month: '30 days' };

const COUNTERS = sql`(e.likes * 3 + e.collects * 4 + e.comments * 2 + e.imitations * 3 + e.views * 0.05)`;

export async function rankIds(db: Db, f: { period: Period; type?: string; classificationId?: number }, limit: number, offset: number) {
  const filters = sql.join(
    [
      sql`e.status = 'published'`,
      f.type ? sql`e.type = ${f.type}` : undefined,
      f.classificationId ? sql`e.classification_id = ${f.classificationId}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  if (f.period === 'all') {
    const rows = await db.execute<{ id: number; engagement: number; total: number }>(sql`
      select e.id, ${COUNTERS}::float8 as engagement, count(*) over ()::int as total
      from essays e where ${filters}
      order by engagement desc, e.id desc limit ${limit} offset ${offset}`);
    return rows.rows.map((r) => ({ id: Number(r.id), engagement: Number(r.engagement), score: Number(r.engagement), total: Number(r.total) }));
  }
  const since = sql`now() - ${INTERVAL[f.period]}::interval`;
  const rows = await db.execute<{ id: number; engagement: number; score: number; total: number }>(sql`
    with ev as (
      select essay_id, sum(w) as eng from (
        select essay_id, 3::float8 as w from likes where created_at >= ${since}
        union all select essay_id, 4 from collects where created_at >= ${since}
        union all select essay_id, 2 from comments where created_at >= ${since} and status = 'visible'
        union all select imitate_of, 3 from essays where imitate_of is not null and status = 'published' and published_at >= ${since}
        union all select essay_id, 0.05 from essay_views where hour >= floor(extract(epoch from ${since}) / 3600)
      ) x group by essay_id
    ), ranked as (
      select e.id,
        case when e.published_at >= ${since} then ${COUNTERS} else coalesce(ev.eng, 0) end as engagement,
        e.published_at
      from essays e left join ev on ev.essay_id = e.id
      where ${filters} and (e.published_at >= ${since} or ev.essay_id is not null)
    )
    select id, engagement::float8 as engagement,
      ((engagement + 1) / power(greatest(extract(epoch from (now() - published_at)) / 3600, 0) + 2, 1.5))::float8 as score,
      count(*) over ()::int as total
    from ranked order by score desc, id desc limit ${limit} offset ${offset}`);
  return rows.rows.map((r) => ({ id: Number(r.id), engagement: Number(r.engagement), score: Number(r.score), total: Number(r.total) }));
}
