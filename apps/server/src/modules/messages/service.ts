/**
 * Notifications. Other modules call `notify` inside their own transaction when an event happens; it never
 * notifies people of their own actions, and a like, collect or follow notifies once however often it is
 * undone and redone.
 */
import type { Db } from '../../db/client.js';
import type { Exec } from '../../db/client.js';
import { presentMessage, type Shown } from './presenter.js';
import * as q from './queries.js';
import { isBlocked } from '../users/index.js';

export type MessageType = q.MessageType;
const ONCE_ONLY: MessageType[] = ['like', 'collect', 'follow'];
export const MESSAGE_TYPES: MessageType[] = ['like', 'collect', 'comment', 'reply', 'follow', 'imitate', 'system'];

export async function notify(
  db: Exec,
  m: { userId: number; type: MessageType; actorId: number | null; essayId?: number | null; commentId?: number | null; content?: string },
) {
  if (m.actorId !== null && m.actorId === m.userId) return;
  // Someone the recipient blocked cannot reach them.
  if (m.actorId !== null && (await isBlocked(db, m.userId, m.actorId))) return;
  const row: q.NewMessage = {
    userId: m.userId,
    type: m.type,
    actorId: m.actorId,
    essayId: m.essayId ?? null,
    commentId: m.commentId ?? null,
    content: (m.content ?? '').slice(0, 500),
  };
  if (ONCE_ONLY.includes(m.type) && (await q.hasSame(db, row))) return;
  await q.insert(db, row);
}

/**
 * A notification never shows more than the public sees: a text that is no longer published is left out,
 * except in a system message to its own author (the review outcome of their text).
 */
function shownIn(type: MessageType, essay: { status: string; authorId: number }, userId: number) {
  return essay.status === 'published' || (type === 'system' && essay.authorId === userId && essay.status !== 'deleted');
}

function shown(r: q.MessagePageRow, userId: number): Shown {
  return {
    essay: !!r.essay?.id && shownIn(r.m.type, r.essay, userId),
    // A comment taken down (deleted, or its author banned) is not quoted any more.
    comment: !r.m.commentId || r.commentStatus === 'visible',
  };
}

export async function unreadCounts(db: Db, userId: number) {
  const rows = await q.unreadByType(db, userId);
  const byType = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, 0])) as Record<string, number>;
  for (const r of rows) byType[r.type] = Number(r.n);
  return { total: Object.values(byType).reduce((a, b) => a + b, 0), byType };
}

/** A page of messages, newest first; the ones shown become read (their `read` tells how they were before). */
export async function pageMessages(db: Db, userId: number, type: MessageType | undefined, limit: number, offset: number) {
  const { rows, ...total } = await q.pageOf(db, userId, type, limit, offset);
  await q.markRead(
    db,
    rows.filter((r) => !r.m.readAt).map((r) => r.m.id),
  );
  return { list: rows.map((r) => presentMessage(r, shown(r, userId))), ...total };
}
