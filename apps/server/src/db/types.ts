/**
 * The database's types, apart from how it is opened (client.ts), so the client and its replicas (replicas.ts) share
 * them without importing each other.
 */
import type { NodePgQueryResultHKT, drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Db = ReturnType<typeof drizzle<typeof schema>>;
/** A transaction handed to `db.transaction`'s callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * Where a statement can run: the database or a transaction. The base class both extend, not the union `Db | Tx`,
 * whose overloaded builders TypeScript cannot call without a cast.
 */
export type Exec = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface DbLog {
  warn(obj: object, msg: string): void;
}

/** A user as stored (never sent as is: presenters choose the fields); the HTTP layer's signed-in caller. */
export type UserRow = typeof schema.users.$inferSelect;
