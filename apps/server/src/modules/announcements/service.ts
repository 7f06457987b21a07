import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { presentAnnouncement, presentAnnouncementFull } from './presenter.js';
import * as q from './queries.js';

const readBy = (db: Db, userId: number | undefined, ids: number[]) =>
  userId ? q.readAmong(db, userId, ids) : Promise.resolve(new Set<number>());

/** Pinned first, then newest; each with the caller's read state. */
export async function pageAnnouncements(db: Db, userId: number | undefined, limit: number, offset: number) {
  const { rows, ...total } = await q.pagePublished(db, limit, offset);
  const read = await readBy(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => presentAnnouncement(r, read.has(r.id))), ...total };
}

export const unreadCount = (db: Db, userId: number) => q.countUnread(db, userId);

/** One announcement; reading it marks it read for a signed-in caller. */
export async function readAnnouncement(db: Db, id: number, userId: number | undefined) {
  const a = await q.findPublished(db, id);
  if (!a) throw notFound('公告不存在');
  const wasRead = (await readBy(db, userId, [id])).has(id);
  if (userId && !wasRead) await q.markRead(db, userId, id);
  return presentAnnouncementFull(a, wasRead);
}
