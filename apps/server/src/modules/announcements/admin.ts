/** Announcements as the console edits them. */
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
import { audited, type Actor } from '../audit/service.js';
import { iso } from '../../lib/time.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

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

