/** Announcements, ads, the theme and the best-of-week list, as the console edits them. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { ads, announcements, bestWeekEntries, essays, themes, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { htmlToText, sanitizeRichText, summarize } from '../../lib/html.js';
import { previousWeek } from '@shiju/contract/core';
import { frozenWeeks, weekEntries } from '../discovery/bestWeek.js';
import { DEFAULT_THEME } from '../site/service.js';
import { presentAd } from '../ads/presenter.js';
import { audited, type Actor } from './audit.js';
import { iso } from './presenter.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

// ---------- announcements ----------

type AnnouncementRow = typeof announcements.$inferSelect;

const presentAnnouncement = (a: AnnouncementRow) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  summary: summarize(htmlToText(a.content), 100),
  pinned: a.pinned,
  publishedAt: a.publishedAt.toISOString(),
  scheduled: a.publishedAt.getTime() > Date.now(),
  createdAt: a.createdAt.toISOString(),
});

export async function pageAnnouncements(db: Db, q: CallParsed<'adminAnnouncementsPage'>['query']) {
  const { rows, ...total } = await withTotal(
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(announcements).$dynamic()),
  );
  return { ...total, list: rows.map(presentAnnouncement) };
}

type AnnouncementBody = CallParsed<'adminCreateAnnouncement'>['body'];

/** The stored form: sanitised HTML that still says something, and a publish time (now when absent). */
function announcementValues(body: AnnouncementBody) {
  const content = sanitizeRichText(body.content);
  if (!htmlToText(content).trim()) throw invalid('content 公告内容不能为空');
  return { title: body.title, content, pinned: body.pinned, publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date() };
}

export async function saveAnnouncement(db: Db, actor: NonNullable<Actor>, id: number | null, body: AnnouncementBody) {
  const values = announcementValues(body);
  const summary = { title: values.title, pinned: values.pinned, publishedAt: values.publishedAt.toISOString() };
  const row = await audited(
    db,
    actor,
    (a: AnnouncementRow) => ({
      action: id ? 'announcement.update' : 'announcement.create',
      targetType: 'announcement',
      targetId: a.id,
      summary,
    }),
    async (tx) => {
      const [a] = id
        ? await tx.update(announcements).set(values).where(eq(announcements.id, id)).returning()
        : await tx.insert(announcements).values(values).returning();
      if (!a) throw notFound('公告不存在');
      return a;
    },
  );
  return presentAnnouncement(row);
}

export async function deleteAnnouncement(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'announcement.delete', targetType: 'announcement', targetId: id }, async (tx) => {
    const gone = await tx.delete(announcements).where(eq(announcements.id, id)).returning({ title: announcements.title });
    if (!gone.length) throw notFound('公告不存在');
  });
  return { ok: true as const };
}

// ---------- ads ----------

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

// ---------- theme ----------

/** Stored in the database, read by every API process on each theme call: the next call answers it. */
export async function saveTheme(db: Db, actor: NonNullable<Actor>, layout: CallParsed<'adminUpdateTheme'>['body']) {
  await audited(
    db,
    actor,
    (before: unknown) => ({ action: 'theme.update', targetType: 'theme', targetId: 0, summary: { before, after: layout } }),
    async (tx) => {
      const [old] = await tx.select({ layout: themes.layout }).from(themes).where(eq(themes.type, 0));
      await tx
        .insert(themes)
        .values({ type: 0, layout })
        .onConflictDoUpdate({ target: themes.type, set: { layout, updatedAt: new Date() } });
      return old?.layout ?? DEFAULT_THEME;
    },
  );
  return layout;
}

// ---------- best of the week ----------

export async function bestWeekFor(db: Db, week?: string) {
  const weeks = await frozenWeeks(db);
  const shown = week ?? weeks[0] ?? previousWeek();
  const entries = await weekEntries(db, shown, false);
  const ids = entries.map((e) => e.essayId);
  const rows = ids.length
    ? await db
        .select({ e: essays, author: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
        .from(essays)
        .innerJoin(users, eq(users.id, essays.authorId))
        .where(inArray(essays.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  const list = entries.flatMap((entry, i) => {
    const r = byId.get(entry.essayId);
    if (!r) return [];
    const { e, author } = r;
    return [
      {
        essayId: e.id,
        rank: i + 1,
        pinned: entry.pinned,
        note: entry.note,
        essay: {
          id: e.id,
          type: e.type,
          title: e.title,
          summary: e.summary,
          status: e.status,
          author,
          likes: e.likes,
          collects: e.collects,
          comments: e.comments,
        },
      },
    ];
  });
  return { week: shown, weeks, list };
}

/** Replaces a week's list: order is rank, pinned entries lead, missing entries are removed, new texts added. */
export async function saveBestWeek(db: Db, actor: NonNullable<Actor>, body: CallParsed<'adminUpdateBestWeek'>['body']) {
  const ids = body.entries.map((e) => e.essayId);
  if (new Set(ids).size !== ids.length) throw invalid('entries 同一作品只能出现一次');
  await audited(
    db,
    actor,
    { action: 'bestWeek.update', targetType: 'bestWeek', targetId: body.week, summary: { entries: body.entries } },
    async (tx) => {
      const before = new Set((await weekEntries(tx, body.week, false)).map((e) => e.essayId));
      const found = ids.length ? await tx.select({ id: essays.id, status: essays.status }).from(essays).where(inArray(essays.id, ids)) : [];
      for (const id of ids) {
        const e = found.find((f) => f.id === id);
        if (!e || e.status === 'deleted') throw notFound(`作品 ${id} 不存在`);
        if (!before.has(id) && e.status !== 'published') throw invalid(`entries 作品 ${id} 未发布，不能加入精选`);
      }
      await tx.delete(bestWeekEntries).where(eq(bestWeekEntries.week, body.week));
      if (body.entries.length)
        await tx
          .insert(bestWeekEntries)
          .values(
            body.entries.map((e, i) => ({ week: body.week, essayId: e.essayId, rank: i + 1, pinned: e.pinned, note: e.note || null })),
          );
    },
  );
  return bestWeekFor(db, body.week);
}
