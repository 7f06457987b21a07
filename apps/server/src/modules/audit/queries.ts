import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

export async function insertEntry(tx: Tx, values: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(values);
}

/** The trail filtered as the console asks, `from`/`to` already turned into instants, with each entry's admin. */
export function pageEntries(db: Db, q: CallParsed<'adminAuditPage'>['query'], from: Date | undefined, until: Date | undefined) {
  const where = and(
    q.adminId ? eq(auditLog.actorId, q.adminId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
    q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
    from ? gte(auditLog.createdAt, from) : undefined,
    until ? lt(auditLog.createdAt, until) : undefined,
  );
  return withTotal(
    db
      .select({ a: auditLog, admin: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...sortedBy(q, { createdAt: auditLog.createdAt }, auditLog.id, [desc(auditLog.createdAt), desc(auditLog.id)]))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(auditLog).where(where).$dynamic()),
  );
}
