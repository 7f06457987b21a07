import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema.js';

export async function findUserByUsername(db: Db, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts the user; null when the username is taken (unique index, race-safe). */
export async function insertUser(db: Db, v: { username: string; nickname: string; passwordHash: string }) {
  const rows = await db.insert(users).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function countRecentFailures(db: Db, username: string, ip: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return rows[0]?.n ?? 0;
}

export async function recordFailure(db: Db, username: string, ip: string) {
  await db.insert(loginFailures).values({ username, ip });
}

export async function clearFailures(db: Db, username: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`, sql`${sessions.revokedAt} is null`));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
