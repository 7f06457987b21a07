/** Announcements as the console edits them. */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import * as queries from './queries.js';
import type { AnnouncementRow } from './queries.js';
import { invalid, notFound } from '../../http/errors.js';
import { htmlToText, sanitizeRichText, summarize } from '../../lib/html.js';
import { audited, type Actor } from '../audit/index.js';
import { offsetOf } from '../../lib/paging.js';

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
  const { rows, ...total } = await queries.pageAll(db, q.pageSize, offsetOf(q));
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
      const a = id ? await queries.updateAnnouncement(tx, id, values) : await queries.insertAnnouncement(tx, values);
      if (!a) throw notFound('公告不存在');
      return a;
    },
  );
  return presentAnnouncement(row);
}

export async function deleteAnnouncement(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'announcement.delete', targetType: 'announcement', targetId: id }, async (tx) => {
    if (!(await queries.deleteAnnouncement(tx, id))) throw notFound('公告不存在');
  });
  return { ok: true as const };
}
