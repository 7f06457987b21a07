import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../db/schema.js';

/**
 * The condition "`author` is not someone the viewer blocked", for any list, feed or thread: `author` is the SQL
 * of the column holding the author's id (`essays.author_id`, `comments.user_id`, …).
 */
export function notBlockedBy(viewerId: number, author: SQL | AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${blocks} nb where nb.blocker_id = ${viewerId} and nb.blocked_id = ${author})`;
}

/**
 * Whether the viewer blocked anyone: one probe of the blocks key. Guards work that only a blocker needs (a total
 * counted without the blocked people's texts), since most viewers never block anyone.
 */
export function blocksAnyone(viewerId: number): SQL {
  return sql`exists (select 1 from ${blocks} bx where bx.blocker_id = ${viewerId})`;
}
