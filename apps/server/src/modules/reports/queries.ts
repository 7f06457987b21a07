import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, essays, reports, users } from '../../db/schema.js';
import type { Exec, Tx } from '../../db/client.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';

export type ReportRow = typeof reports.$inferSelect;
export type TargetType = ReportRow['targetType'];

export async function insertOpen(
  db: Exec,
  r: { reporterId: number; targetType: TargetType; targetId: number; reason: string; detail: string },
) {
  // The partial unique index (one open report per reporter and target) turns a repeat into no row.
  const [row] = await db.insert(reports).values(r).onConflictDoNothing().returning();
  return row ?? null;
}

/** How many open reports a target has, counted up to `cap`. */
export async function openReportsUpTo(db: Exec, targetType: TargetType, targetId: number, cap: number): Promise<number> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .limit(cap);
  return rows.length;
}

export async function findReport(db: Exec, id: number) {
  const [r] = await db.select().from(reports).where(eq(reports.id, id));
  return r ?? null;
}

export async function closeOpen(
  tx: Tx,
  t: { targetType: TargetType; targetId: number },
  status: 'resolved' | 'dismissed',
  by: number,
  note: string,
) {
  return tx
    .update(reports)
    .set({ status, resolvedBy: by, resolution: note, resolvedAt: sql`now()` })
    .where(and(eq(reports.targetType, t.targetType), eq(reports.targetId, t.targetId), eq(reports.status, 'open')))
    .returning({ id: reports.id, reporterId: reports.reporterId, reason: reports.reason });
}

/** One row per target and status: open groups first, then the most recently reported. */
export async function pageGroups(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const groups = db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      status: reports.status,
      id: sql<number>`min(${reports.id})`.as('id'),
      count: sql<number>`count(*)::int`.as('count'),
      firstAt: sql<string>`min(${reports.createdAt})`.as('first_at'),
      lastAt: sql<string>`max(${reports.createdAt})`.as('last_at'),
    })
    .from(reports)
    .where(where)
    .groupBy(reports.targetType, reports.targetId, reports.status)
    .as('g');
  return withTotal(
    db
      .select()
      .from(groups)
      .orderBy(desc(sql`${groups.status} = 'open'`), desc(groups.lastAt), desc(groups.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(groups).$dynamic()),
  );
}

/** Every report of these (target, status) groups, newest first, with its reporter. */
export async function reportsOfGroups(db: Db, keys: { targetType: TargetType; targetId: number; status: ReportRow['status'] }[]) {
  if (!keys.length) return [];
  return db
    .select({ r: reports, reporter: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(
      or(...keys.map((k) => and(eq(reports.targetType, k.targetType), eq(reports.targetId, k.targetId), eq(reports.status, k.status)))),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

const ownerCols = { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar };

export async function essayTargets(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: essays.id, title: essays.title, summary: essays.summary, status: essays.status, owner: ownerCols })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(inArray(essays.id, ids));
}

export async function commentTargets(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: comments.id, content: comments.content, status: comments.status, essayId: comments.essayId, owner: ownerCols })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.id, ids));
}

export async function userTargets(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ ...ownerCols, bio: users.bio, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function usersByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar }).from(users).where(inArray(users.id, ids));
}

/** Which report groups a page shows: by status, target type and target. */
export function reportFilter(f: {
  status?: ReportRow['status'] | undefined;
  targetType?: TargetType | undefined;
  targetId?: number;
}): SQL | undefined {
  return and(
    f.status ? eq(reports.status, f.status) : undefined,
    f.targetType ? eq(reports.targetType, f.targetType) : undefined,
    f.targetId !== undefined ? eq(reports.targetId, f.targetId) : undefined,
  );
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!u;
}

/** One reporter's reports, newest first (by the reporter index). */
export async function pageOfReporter(db: Db, reporterId: number, limit: number, offset: number) {
  const where = eq(reports.reporterId, reporterId);
  return withTotal(
    db.select().from(reports).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(reports).where(where).$dynamic()),
  );
}
