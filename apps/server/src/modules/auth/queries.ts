import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Exec } from '../../db/client.js';
import { aliased } from '../../db/names.js';
import { blocks, sessions, users } from '../../db/schema.js';
import type { UserTx } from '../users/index.js';

export async function findUserByUsername(db: Db, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts the user; null when the username is taken (unique index, race-safe). */
export async function insertUser(
  db: Pick<Db, 'insert'>,
  v: { username: string; nickname: string; passwordHash: string; agreementVersion: string; agreementAcceptedAt: Date },
) {
  const rows = await db.insert(users).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Whether this user has a session (current or past) started from this IP within the last 30 days. */
export async function signedInFromRecently(db: Db, userId: number, ip: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, sql`now() - interval '30 days'`)))
    .limit(1);
  return rows.length > 0;
}

export async function revokeOtherSessions(db: UserTx, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`, sql`${sessions.revokedAt} is null`));
}

export async function insertSession(db: Pick<Exec, 'insert'>, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function revokeSession(tx: UserTx, sessionId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

const b = alias(blocks, 'b');

/** The session lookup every signed-in request makes, prepared once per app (named on PostgreSQL). */
export function sessionQuery(db: Db) {
  return db
    .select({
      s: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
      u: users,
      blocks: sql<boolean>`exists (select 1 from ${aliased(b)} where ${b.blockerId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token');
}

/** Slides a session's expiry. */
export async function touchSession(db: Db, sessionId: number, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}
