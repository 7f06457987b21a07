import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import { announcementReads, announcements } from '../../db/schema.js';
import { countAll, countUpTo, one, withTotal } from '../../lib/paging.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

const published = sql`${announcements.publishedAt} <= now()`;

/** Pinned first, then newest. */
export function pagePublished(db: Db, limit: number, offset: number) {
  return withTotal(
    db
      .select()
      .from(announcements)
      .where(published)
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(announcements).where(published).$dynamic()),
  );
}

export async function findPublished(db: Db, id: number): Promise<AnnouncementRow | undefined> {
  const [a] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), published))
    .limit(1);
  return a;
}

/** Which of these announcements the user has read. */
export async function readAmong(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: announcementReads.announcementId })
    .from(announcementReads)
    .where(and(eq(announcementReads.userId, userId), inArray(announcementReads.announcementId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select(countAll)
    .from(announcements)
    .where(
      and(
        published,
        sql`not exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`,
      ),
    );
  return r?.n ?? 0;
}

export async function markRead(db: Db, userId: number, announcementId: number) {
  await db.insert(announcementReads).values({ userId, announcementId }).onConflictDoNothing();
}

/** The console's page: scheduled ones too, pinned first, then newest. */
export function pageAll(db: Db, limit: number, offset: number) {
  return withTotal(
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(announcements).$dynamic()),
  );
}

export type AnnouncementValues = typeof announcements.$inferInsert;

export async function insertAnnouncement(tx: Exec, values: AnnouncementValues): Promise<AnnouncementRow> {
  const [a] = await tx.insert(announcements).values(values).returning();
  return a!;
}

export async function updateAnnouncement(tx: Exec, id: number, values: Partial<AnnouncementValues>): Promise<AnnouncementRow | undefined> {
  const [a] = await tx.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return a;
}

/** True when the announcement existed. */
export async function deleteAnnouncement(tx: Exec, id: number): Promise<boolean> {
  const gone = await tx.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return gone.length > 0;
}
