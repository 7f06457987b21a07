/** Ads as the console edits them. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { ads, announcements, bestWeekEntries, essays, themes, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { htmlToText, sanitizeRichText, summarize } from '../../lib/html.js';
import { previousWeek } from '@shiju/contract/core';
import { frozenWeeks, weekEntries } from '../discovery/bestWeek.js';
import { DEFAULT_THEME } from '../site/service.js';
import { presentAd } from './presenter.js';
import { audited, type Actor } from '../audit/service.js';
import { iso } from '../../lib/time.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

type AdRow = typeof ads.$inferSelect;

const presentAdminAd = (a: AdRow) => ({
  ...presentAd(a),
  startAt: iso(a.startAt),
  endAt: iso(a.endAt),
  status: a.status,
  impressions: a.impressions,
  clicks: a.clicks,
  ctr: a.impressions ? Math.round((a.clicks / a.impressions) * 10000) / 10000 : 0,
  createdAt: a.createdAt.toISOString(),
});

export async function pageAds(db: Db, q: CallParsed<'adminAdsPage'>['query']) {
  const where = and(q.position !== undefined ? eq(ads.position, q.position) : undefined, q.status ? eq(ads.status, q.status) : undefined);
  const ctr = sql`case when ${ads.impressions} = 0 then 0 else ${ads.clicks}::float8 / ${ads.impressions} end`;
  const order = sortedBy(
    q,
    { createdAt: ads.createdAt, weight: ads.weight, impressions: ads.impressions, clicks: ads.clicks, ctr },
    ads.id,
    [asc(ads.position), desc(ads.weight), desc(ads.id)],
  );
  const { rows, ...total } = await withTotal(
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(ads).where(where).$dynamic()),
  );
  return { ...total, list: rows.map(presentAdminAd) };
}

type AdBody = CallParsed<'adminCreateAd'>['body'];

export async function saveAd(db: Db, actor: NonNullable<Actor>, id: number | null, body: AdBody) {
  const values = { ...body, startAt: body.startAt ? new Date(body.startAt) : null, endAt: body.endAt ? new Date(body.endAt) : null };
  const row = await audited(
    db,
    actor,
    (a: AdRow) => ({ action: id ? 'ad.update' : 'ad.create', targetType: 'ad', targetId: a.id, summary: body }),
    async (tx) => {
      const [a] = id ? await tx.update(ads).set(values).where(eq(ads.id, id)).returning() : await tx.insert(ads).values(values).returning();
      if (!a) throw notFound('广告不存在');
      return a;
    },
  );
  return presentAdminAd(row);
}

export async function deleteAd(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'ad.delete', targetType: 'ad', targetId: id }, async (tx) => {
    const gone = await tx.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
    if (!gone.length) throw notFound('广告不存在');
  });
  return { ok: true as const };
}

