import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Citation } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { attributionConfirmations as ac, attributionEvidence as ev, disputedLines as dl, essays, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import { notBlockedBy } from '../users/index.js';

export type EvidenceRow = typeof ev.$inferSelect;
export type DisputedRow = typeof dl.$inferSelect;
export type AttributionStatusDb = (typeof essays.$inferSelect)['attributionStatus'];

/** What the attribution needs of its text. */
export async function essayOf(db: Exec, id: number) {
  const [row] = await db
    .select({
      id: essays.id,
      status: essays.status,
      authorId: essays.authorId,
      title: essays.title,
      summary: essays.summary,
      citation: essays.citation,
      attributionStatus: essays.attributionStatus,
      attributionNote: essays.attributionNote,
    })
    .from(essays)
    .where(eq(essays.id, id))
    .limit(1);
  return row ?? null;
}

export async function lockEssay(tx: Exec, id: number) {
  await tx.execute(sql`select 1 from ${essays} where ${essays.id} = ${id} for update`);
}

export async function setStatus(tx: Exec, id: number, status: AttributionStatusDb, note: string | null) {
  await tx.update(essays).set({ attributionStatus: status, attributionNote: note }).where(eq(essays.id, id));
}

const evidenceColumns = (viewerId: number | undefined) => ({
  e: ev,
  user: { id: users.id, nickname: users.nickname, avatar: users.avatar },
  confirmedByMe: viewerId
    ? sql<boolean>`exists (select 1 from ${ac} where ${ac.evidenceId} = ${ev.id} and ${ac.userId} = ${viewerId})`
    : sql<boolean>`false`,
});

/** A text's evidence as `viewerId` may see it: not hidden (but their own), not by someone they blocked; oldest first. */
export async function evidenceOf(db: Db, essayId: number, viewerId: number | undefined, limit: number) {
  const visible: SQL[] = [eq(ev.essayId, essayId)];
  const shown = viewerId ? or(isNull(ev.hiddenAt), eq(ev.userId, viewerId))! : isNull(ev.hiddenAt);
  visible.push(shown);
  if (viewerId) visible.push(or(isNull(ev.userId), notBlockedBy(viewerId, ev.userId))!);
  return db
    .select(evidenceColumns(viewerId))
    .from(ev)
    .leftJoin(users, eq(users.id, ev.userId))
    .where(and(...visible))
    .orderBy(ev.createdAt, ev.id)
    .limit(limit);
}

export async function evidenceById(db: Exec, id: number, viewerId?: number) {
  const [row] = await db.select(evidenceColumns(viewerId)).from(ev).leftJoin(users, eq(users.id, ev.userId)).where(eq(ev.id, id)).limit(1);
  return row ?? null;
}

export type EvidenceLoaded = NonNullable<Awaited<ReturnType<typeof evidenceById>>>;

export async function insertEvidence(
  db: Exec,
  row: { essayId: number; userId: number; stance: EvidenceRow['stance']; source: Citation; note: string },
) {
  const [r] = await db.insert(ev).values(row).returning({ id: ev.id });
  return r!.id;
}

/** Adds one confirmation (a repeat changes nothing) and keeps the counter; answers whether it was new. */
export async function confirm(tx: Exec, evidenceId: number, userId: number): Promise<boolean> {
  const added = await tx.insert(ac).values({ evidenceId, userId }).onConflictDoNothing().returning({ id: ac.evidenceId });
  if (!added.length) return false;
  await tx
    .update(ev)
    .set({ confirmations: sql`${ev.confirmations} + 1` })
    .where(eq(ev.id, evidenceId));
  return true;
}

export async function hideEvidence(tx: Exec, id: number): Promise<EvidenceRow | null> {
  const [r] = await tx
    .update(ev)
    .set({ hiddenAt: new Date() })
    .where(and(eq(ev.id, id), isNull(ev.hiddenAt)))
    .returning();
  return r ?? null;
}

/** The distinct people who added visible evidence on a text (told when an editor resolves it). */
export async function evidenceWriters(tx: Exec, essayId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: ev.userId })
    .from(ev)
    .where(and(eq(ev.essayId, essayId), isNull(ev.hiddenAt)));
  return rows.map((r) => r.userId).filter((x): x is number => x !== null);
}

/** For the reports queue: evidence by id with its writer and text. */
export async function reportTargets(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: ev.id,
      essayId: ev.essayId,
      note: ev.note,
      hiddenAt: ev.hiddenAt,
      owner: { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar },
    })
    .from(ev)
    .leftJoin(users, eq(users.id, ev.userId))
    .where(inArray(ev.id, ids));
}

/** Texts with visible evidence, those not yet checked first, then by their latest evidence. */
export async function pageQueue(db: Db, status: AttributionStatusDb | undefined, limit: number, offset: number) {
  const where = and(isNull(ev.hiddenAt), sql`${essays.status} <> 'deleted'`, status ? eq(essays.attributionStatus, status) : undefined);
  const lastAt = sql<Date>`max(${ev.createdAt})`;
  const rows = db
    .select({
      essayId: essays.id,
      title: essays.title,
      summary: essays.summary,
      source: essays.source,
      attributionStatus: essays.attributionStatus,
      evidenceFor: sql<number>`count(*) filter (where ${ev.stance} = 'for')::int`,
      evidenceAgainst: sql<number>`count(*) filter (where ${ev.stance} = 'against')::int`,
      lastAt,
    })
    .from(ev)
    .innerJoin(essays, eq(essays.id, ev.essayId))
    .where(where)
    .groupBy(essays.id)
    .orderBy(sql`(${essays.attributionStatus} = 'unverified') desc`, desc(lastAt), desc(essays.id))
    .limit(limit)
    .offset(offset);
  const total = countUpTo(
    db,
    db.selectDistinct({ id: essays.id }).from(ev).innerJoin(essays, eq(essays.id, ev.essayId)).where(where).$dynamic(),
  );
  return withTotal(rows, total);
}

export async function pageDisputed(db: Db, limit: number, offset: number) {
  return withTotal(
    db.select().from(dl).orderBy(desc(dl.createdAt), desc(dl.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(dl).$dynamic()),
  );
}

export async function insertDisputed(tx: Exec, row: typeof dl.$inferInsert): Promise<DisputedRow> {
  const [r] = await tx.insert(dl).values(row).returning();
  return r!;
}

export async function deleteDisputed(tx: Exec, id: number): Promise<DisputedRow | null> {
  const [r] = await tx.delete(dl).where(eq(dl.id, id)).returning();
  return r ?? null;
}

/** A person's evidence for their data export. */
export async function evidenceBy(db: Db, userId: number) {
  return db.select().from(ev).where(eq(ev.userId, userId)).orderBy(ev.createdAt);
}
