import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import { emailCodes, users } from '../../db/schema.js';
import { revokeAllSessions, setEmail, setPasswordHash, type UserTx } from '../users/index.js';

export type Purpose = 'bind' | 'reset';

/** Someone else holding this email (case-insensitive). */
export async function emailTakenByOther(db: Db, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** An active account by username, or by its bound email (recovery accepts either). */
export async function findByAccount(db: Db, account: string) {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        account.includes('@') ? sql`lower(${users.email}) = lower(${account})` : sql`lower(${users.username}) = lower(${account})`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A new code; earlier unused ones of the same purpose are retired. */
export async function issueCode(db: Db, v: { userId: number; purpose: Purpose; email: string; codeHash: string; expiresAt: Date }) {
  return db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailCodes.userId, v.userId), eq(emailCodes.purpose, v.purpose), isNull(emailCodes.usedAt)));
    const [row] = await tx.insert(emailCodes).values(v).returning({ id: emailCodes.id });
    return row!.id;
  });
}

export async function dropCode(db: Db, id: number) {
  await db.delete(emailCodes).where(eq(emailCodes.id, id));
}

/** The newest unused, unexpired code of this purpose with tries left. */
export async function liveCode(db: Db, userId: number, purpose: Purpose, maxTries: number) {
  const rows = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        lt(emailCodes.attempts, maxTries),
      ),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Counts a wrong try (atomically, so parallel guesses cannot exceed the limit). */
export async function countTry(db: Db, id: number) {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

/** Uses a code once: false when another request used it (or used up its tries) first. */
export async function useCode(db: Exec, id: number, maxTries: number) {
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, maxTries)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

export async function bindEmail(db: Db, userId: number, codeId: number, email: string, maxTries: number) {
  return db.transaction(async (tx) => {
    if (!(await useCode(tx, codeId, maxTries))) return null;
    return setEmail(tx, userId, email);
  });
}

/** Inside changeUser: the code used, the new password set, every session ended, in one transaction. */
export async function resetPassword(tx: UserTx, userId: number, codeId: number, passwordHash: string, maxTries: number) {
  if (!(await useCode(tx, codeId, maxTries))) return false;
  await setPasswordHash(tx, userId, passwordHash);
  await revokeAllSessions(tx, userId);
  return true;
}
