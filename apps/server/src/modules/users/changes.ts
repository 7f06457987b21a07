/**
 * The one way a user changes in a way their kept sessions show (role, ban, membership, blocks, password, sessions,
 * deletion): the change runs in a transaction, and once it is committed that user's kept sessions are dropped in
 * every process (auth/sessions.ts): A answers once the message is sent, and each process drops them as it hears it.
 */
import type { Db, Tx } from '../../db/client.js';
import { USER_CHANGED, type Broadcast } from '../../lib/broadcast.js';

declare const openedByChangeUser: unique symbol;
/**
 * The transaction changeUser opens. The writers of what a user's kept sessions show (password, sessions, role, ban,
 * membership, blocks, deletion) take only this, so one called outside changeUser does not compile: a plain
 * transaction is no UserTx, and only changeUser makes one.
 */
export type UserTx = Tx & { readonly [openedByChangeUser]: true };

export async function changeUser<T>(db: Db, broadcast: Broadcast, id: number, fn: (tx: UserTx) => Promise<T>): Promise<T> {
  const result = await db.transaction((tx) => fn(tx as UserTx));
  // Answered only once the other processes' channel has it, so the user's next request anywhere sees the change.
  await broadcast.invalidateSent(USER_CHANGED, String(id));
  return result;
}
