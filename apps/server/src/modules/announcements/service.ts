import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcementReads, announcements } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { htmlToText, summarize } from '../../lib/html.js';

type Row = typeof announcements.$inferSelect;

function present(a: Row, read: boolean, withContent: boolean) {
  return {
    id: a.id,
    title: a.title,
    summary: summarize(htmlToText(a.content), 100),
    ...(withContent ? { content: a.content } : {}),
    pinned: a.pinned,
    publishedAt: a.publishedAt.toISOString(),
    read,
  };
}

const published = sql`${announcements.publishedAt} <= now()`;

async function readSet(db: Db, userId: number | undefined, ids: number[]) {
  if (!userId || !ids.length) return new Set<number>();
  const rows = await db
    .select({ id: announcementReads.announcementId })
    .from(announcementReads)
    .where(and(eq(announcementReads.userId, userId), inArray(announcementReads.announcementId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Pinned first, then newest; each with the caller's read state. */
export async function pageAnnouncements(db: Db, userId: number | undefined, limit: number, offset: number) {
  const [rows, [n]] = await Promise.all([
    db.select().from(announcements).where(published).orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(published),
  ]);
  const read = await readSet(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => present(r, read.has(r.id), false)), total: n?.n ?? 0 };
}

export async function unreadCount(db: Db, userId: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .where(and(published, sql`not exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`));
  return r?.n ?? 0;
}

/** One announcement; reading it marks it read for a signed-in caller. */
export async function readAnnouncement(db: Db, id: number, userId: number | undefined) {
  const [a] = await db.select().from(announcements).where(and(eq(announcements.id, id), published)).limit(1);
  if (!a) throw notFound('公告不存在');
  const wasRead = (await readSet(db, userId, [id])).has(id);
  if (userId && !wasRead) await db.insert(announcementReads).values({ userId, announcementId: id }).onConflictDoNothing();
  return present(a, wasRead, true) as ReturnType<typeof present> & { content: string };
}
