import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/index.js';
import { MESSAGE_TYPES, type MessageType } from './tabs.js';
import { afterAnnouncementsRead, afterMessagesRead } from '../../api/queries/index.js';

/** The largest page the contract allows: fewest calls. */
const PAGE_SIZE = 50;

/**
 * Reading a page of messages marks it read, so "mark all read" reads every page of each type that has unread
 * messages, stopping once it has seen as many unread as the count said.
 */
async function readType(type: MessageType, unread: number): Promise<void> {
  let seen = 0;
  for (let pageNum = 1; ; pageNum++) {
    const d = await api('messagesPage', { query: { type, pageNum, pageSize: PAGE_SIZE } }, { silent: true });
    seen += d.list.filter((m) => !m.read).length;
    if (seen >= unread || d.list.length === 0 || pageNum * PAGE_SIZE >= d.total) return;
  }
}

/** Announcements become read when opened; there is no bulk call, so each unread one is opened. */
async function readAnnouncements(unread: number): Promise<void> {
  const ids: number[] = [];
  for (let pageNum = 1; ids.length < unread; pageNum++) {
    const d = await api('announcementMessages', { query: { pageNum, pageSize: PAGE_SIZE } }, { silent: true });
    ids.push(...d.list.filter((a) => !a.read).map((a) => a.id));
    if (d.list.length === 0 || pageNum * PAGE_SIZE >= d.total) break;
  }
  await Promise.all(ids.map((id) => api('announcementForm', { params: { id } }, { silent: true })));
}

export async function markAllRead(queryClient: QueryClient, byType: Record<string, number>, announcementsUnread: number): Promise<void> {
  try {
    await Promise.all([
      ...MESSAGE_TYPES.filter((t) => (byType[t] ?? 0) > 0).map((t) => readType(t, byType[t]!)),
      announcementsUnread > 0 ? readAnnouncements(announcementsUnread) : Promise.resolve(),
    ]);
  } finally {
    await Promise.all([afterMessagesRead(queryClient), afterAnnouncementsRead(queryClient)]);
  }
}
