/**
 * The writers of what a user's kept sessions show take changeUser's transaction (UserTx): inside changeUser they
 * compile, and with a plain transaction or the database they do not. Checked by the typecheck (tsc reads the
 * expect-error lines below, which fail it once they compile) and by the type assertions here.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Db, Tx } from '../src/db/client.js';
import type { Broadcast } from '../src/lib/broadcast.js';
import { revokeSession } from '../src/modules/auth/index.js';
import {
  addBlock,
  banInTx,
  changeUser,
  extendMembership,
  revokeAllSessions,
  setDeletion,
  setPasswordHash,
  type UserTx,
} from '../src/modules/users/index.js';

describe('a change to a user', () => {
  it('is written only with changeUser’s transaction', () => {
    expectTypeOf<UserTx>().toExtend<Tx>();
    expectTypeOf<Tx>().not.toExtend<UserTx>();
    expectTypeOf<Db>().not.toExtend<UserTx>();
    for (const writer of [setPasswordHash, revokeAllSessions, extendMembership, setDeletion, addBlock, banInTx, revokeSession])
      expectTypeOf(writer).parameter(0).toEqualTypeOf<UserTx>();
  });

  it('does not compile outside changeUser (never run: the typecheck reads it)', () => {
    const _inside = (db: Db, broadcast: Broadcast) => changeUser(db, broadcast, 1, (tx) => setPasswordHash(tx, 1, 'hash'));
    const _outside = (db: Db) =>
      db.transaction(async (tx) => {
        // @ts-expect-error a plain transaction is no UserTx
        await setPasswordHash(tx, 1, 'hash');
        // @ts-expect-error nor is the database
        await revokeAllSessions(db, 1);
      });
  });
});
