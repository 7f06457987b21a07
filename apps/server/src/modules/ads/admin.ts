/** Ads as the console edits them. */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { presentAd } from './presenter.js';
import * as queries from './queries.js';
import type { AdRow } from './queries.js';
import { audited, type Actor } from '../audit/index.js';
import { iso } from '../../lib/time.js';

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
  const { rows, ...total } = await queries.pageAll(db, q);
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
      const a = id ? await queries.updateAd(tx, id, values) : await queries.insertAd(tx, values);
      if (!a) throw notFound('广告不存在');
      return a;
    },
  );
  return presentAdminAd(row);
}

export async function deleteAd(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'ad.delete', targetType: 'ad', targetId: id }, async (tx) => {
    if (!(await queries.deleteAd(tx, id))) throw notFound('广告不存在');
  });
  return { ok: true as const };
}
