import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, essays, messages, users } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';
import type { Exec } from '../../db/client.js';
import { notBlockedBy } from '../users/index.js';

export type MessageRow = typeof messages.$inferSelect;
export type MessageType = MessageRow['type'];
export type NewMessage = Pick<MessageRow, 'userId' | 'type' | 'actorId' | 'essayId' | 'commentId' | 'content'>;

/** Whether the user already has a message of this type from this actor about this text (or this comment of it). */
export async function hasSame(db: Exec, m: Pick<NewMessage, 'userId' | 'type' | 'actorId' | 'essayId' | 'commentId'>): Promise<boolean> {
  const same = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.userId, m.userId),
        eq(messages.type, m.type),
        m.actorId === null ? isNull(messages.actorId) : eq(messages.actorId, m.actorId),
        m.essayId ? eq(messages.essayId, m.essayId) : isNull(messages.essayId),
        m.commentId ? eq(messages.commentId, m.commentId) : isNull(messages.commentId),
      ),
    )
    .limit(1);
  return same.length > 0;
}

export async function insert(db: Exec, m: NewMessage) {
  await db.insert(messages).values(m);
}

/**
 * What of a user's messages they see: not those from people they blocked, whenever sent (a block stops new ones;
 * older ones are left out when read, and come back if the block is lifted).
 */
const shownTo = (userId: number) => and(eq(messages.userId, userId), notBlockedBy(userId, messages.actorId));

export function unreadByType(db: Db, userId: number) {
  return db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(shownTo(userId), isNull(messages.readAt)))
    .groupBy(messages.type);
}

/**
 * A page of one user's messages (of one type or all), newest first, with the actor, the text (and its status
 * and author, to tell whether it may be shown) and the status of the comment.
 */
export function pageOf(db: Db, userId: number, type: MessageType | undefined, limit: number, offset: number) {
  const where = and(shownTo(userId), type ? eq(messages.type, type) : undefined);
  return withTotal(
    db
      .select({
        m: messages,
        actor: { id: users.id, nickname: users.nickname, avatar: users.avatar },
        essay: { id: essays.id, title: essays.title, summary: essays.summary, status: essays.status, authorId: essays.authorId },
        commentStatus: comments.status,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.actorId))
      .leftJoin(essays, eq(essays.id, messages.essayId))
      .leftJoin(comments, eq(comments.id, messages.commentId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(messages).where(where).$dynamic()),
  );
}
export type MessagePageRow = Awaited<ReturnType<typeof pageOf>>['rows'][number];

export async function markRead(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(inArray(messages.id, ids));
}
