/**
 * Notifications. Other modules call `notify` inside their own transaction when an event happens; it never
 * notifies people of their own actions, and a like, collect or follow notifies once however often it is
 * undone and redone.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays, messages, users } from '../../db/schema.js';
import type { Tx } from '../essays/queries.js';

export type MessageType = (typeof messages.$inferSelect)['type'];
const ONCE_ONLY: MessageType[] = ['like', 'collect', 'follow'];
export const MESSAGE_TYPES: MessageType[] = ['like', 'collect', 'comment', 'reply', 'follow', 'imitate', 'system'];

export async function notify(
  db: Db | Tx,
  m: { userId: number; type: MessageType; actorId: number | null; essayId?: number | null; commentId?: number | null; content?: string },
) {
  if (m.actorId !== null && m.actorId === m.userId) return;
  if (ONCE_ONLY.includes(m.type)) {
    const same = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.userId, m.userId),
          eq(messages.type, m.type),
          m.actorId === null ? isNull(messages.actorId) : eq(messages.actorId, m.actorId),
          m.essayId ? eq(messages.essayId, m.essayId) : isNull(messages.essayId),
        ),
      )
      .limit(1);
    if (same.length) return;
  }
  await db.insert(messages).values({
    userId: m.userId,
    type: m.type,
    actorId: m.actorId,
    essayId: m.essayId ?? null,
    commentId: m.commentId ?? null,
    content: (m.content ?? '').slice(0, 500),
  });
}

export async function unreadCounts(db: Db, userId: number) {
  const rows = await db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
    .groupBy(messages.type);
  const byType = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, 0])) as Record<string, number>;
  for (const r of rows) byType[r.type] = Number(r.n);
  return { total: Object.values(byType).reduce((a, b) => a + b, 0), byType };
}

/** A page of messages, newest first; the ones shown become read (their `read` tells how they were before). */
export async function pageMessages(db: Db, userId: number, type: MessageType | undefined, limit: number, offset: number) {
  const where = and(eq(messages.userId, userId), type ? eq(messages.type, type) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        m: messages,
        actor: { id: users.id, nickname: users.nickname, avatar: users.avatar },
        essay: { id: essays.id, title: essays.title, summary: essays.summary },
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.actorId))
      .leftJoin(essays, eq(essays.id, messages.essayId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
  ]);
  const unreadIds = rows.filter((r) => !r.m.readAt).map((r) => r.m.id);
  if (unreadIds.length) await db.update(messages).set({ readAt: sql`now()` }).where(inArray(messages.id, unreadIds));
  return {
    list: rows.map((r) => ({
      id: r.m.id,
      type: r.m.type,
      actor: r.actor?.id ? r.actor : null,
      essay: r.essay?.id ? r.essay : null,
      commentId: r.m.commentId,
      content: r.m.content,
      read: !!r.m.readAt,
      createdAt: r.m.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
