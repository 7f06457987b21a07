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
