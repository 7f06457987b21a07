/**
 * The one way a user changes in a way their kept sessions show (role, ban, membership, blocks, password, sessions,
 * deletion): the change runs in a transaction, and once it is committed that user's kept sessions are dropped in
 * every process (auth/sessions.ts): A answers once the message is sent, and each process drops them as it hears it.
 */
import type { Db, Tx } from '../../db/client.js';
import { USER_CHANGED, type Broadcast } from '../../lib/broadcast.js';

export async function changeUser<T>(db: Db, broadcast: Broadcast, id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(fn);
  // Answered only once the other processes' channel has it, so the user's next request anywhere sees the change.
  await broadcast.invalidateSent(USER_CHANGED, String(id));
  return result;
}

export { extendMembership, shortenMembership } from './queries.js';
