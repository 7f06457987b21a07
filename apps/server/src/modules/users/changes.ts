/**
 * The one way a user changes in a way their kept sessions show (role, ban, membership, blocks, password, sessions,
 * deletion): the change runs in a transaction, and once it is committed that user's kept sessions are dropped in
 * every process (auth/sessions.ts), so their very next request anywhere sees it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { USER_CHANGED, type Broadcast } from '../../lib/broadcast.js';

export async function changeUser<T>(db: Db, broadcast: Broadcast, id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(fn);
  // Answered only once the other processes' channel has it, so the user's next request anywhere sees the change.
  await broadcast.invalidateSent(USER_CHANGED, String(id));
  return result;
}

/** Adds days to a buyer's membership, from now or from its current end if later (inside changeUser). */
export async function extendMembership(tx: Exec, userId: number, days: number) {
  const [u] = await tx
    .update(users)
    .set({ memberUntil: sql`greatest(coalesce(${users.memberUntil}, now()), now()) + make_interval(days => ${days})` })
    .where(eq(users.id, userId))
    .returning({ memberUntil: users.memberUntil });
  return u?.memberUntil ?? null;
}

/** Takes back a refunded order's days, never below now (inside changeUser). */
export async function shortenMembership(tx: Exec, userId: number, days: number) {
  const [u] = await tx
    .update(users)
    .set({ memberUntil: sql`greatest(now(), ${users.memberUntil} - make_interval(days => ${days}))` })
    .where(eq(users.id, userId))
    .returning({ memberUntil: users.memberUntil });
  return u?.memberUntil ?? null;
}
