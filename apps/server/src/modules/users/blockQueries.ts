import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import type { UserTx } from './changes.js';
import { one } from '../../lib/paging.js';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { names } from '../../db/names.js';
import { blocks, sessions } from '../../db/schema.js';

/** Rendered once: this condition joins most signed-in reads. */
const nb = names(alias(blocks, 'nb'));
const bx = names(alias(blocks, 'bx'));

/**
 * The condition "`author` is not someone the viewer blocked", for any list, feed or thread: `author` is the SQL
 * of the column holding the author's id (`essays.author_id`, `comments.user_id`, …).
 */
export function notBlockedBy(viewerId: number, author: SQL | AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${nb} where ${nb.blockerId} = ${viewerId} and ${nb.blockedId} = ${author})`;
}

/**
 * Whether the viewer blocked anyone: one probe of the blocks key. Guards work that only a blocker needs (a total
 * counted without the blocked people's texts), since most viewers never block anyone.
 */
export function blocksAnyone(viewerId: number): SQL {
  return sql`exists (select 1 from ${bx} where ${bx.blockerId} = ${viewerId})`;
}

/** Whether `blockerId` blocked `blockedId`. */
export async function isBlocked(db: Exec, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select(one)
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether either of the two blocked the other. */
export async function blockedEitherWay(db: Exec, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select(one)
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** The ids of everyone this viewer blocked (a few; read once per request that filters a cached result). */
export async function blockedIds(db: Db, viewerId: number): Promise<Set<number>> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewerId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Blocks (idempotent); the caller ends the follows between the two in the same transaction. Inside changeUser (the
 * blocker's sessions know whether they block anyone), as removeBlock.
 */
export async function addBlock(tx: UserTx, blockerId: number, blockedId: number) {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function removeBlock(db: UserTx, blockerId: number, blockedId: number) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** A departing user's sessions and blocks either way, inside the deletion's transaction. */
export async function dropSessionsAndBlocks(tx: UserTx, userId: number) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}
