import type { CallData } from '@shiju/contract';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import type { ApiError } from '../../../api/errors.js';
import { afterAnnouncementsRead } from '../../announcements/index.js';
import { defineDomain, defineWrite } from '../../../api/define.js';
import { messageKeys } from '../../../api/keys.js';

const messages = defineDomain('messages');

/** The header bell polls this often while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

export type Message = CallData<'messagesPage'>['list'][number];
export type MessageType = Message['type'];
/** One fetched page of one message type. */
export interface MessageChunk {
  type: MessageType;
  pageNum: number;
  list: Message[];
  total: number;
}
/** The pages to fetch next, one per type. */
export type MessagePages = Array<{ type: MessageType; pageNum: number }>;

export const messageQueries = {
  /**
   * Unread notifications per type and in total: one entry shared by the bell and /myInform. The call is
   * silent (no loading mask, per the contract); TanStack runs the interval only while the document is visible.
   */
  unread: () => ({
    ...messages.query('messageCount', {}),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  }),
  /**
   * 我的通知's list of one or more message types: each step fetches the pages `next` picks (the first page of every
   * type to begin with). Reading a page marks its messages read; coming back to a tab shows what arrived meanwhile.
   */
  feed: (types: readonly MessageType[], pageSize: number, next: (chunks: MessageChunk[]) => MessagePages | undefined) =>
    infiniteQueryOptions<MessageChunk[], ApiError, { pages: MessageChunk[][] }, readonly unknown[], MessagePages>({
      queryKey: messageKeys.feed(types),
      initialPageParam: types.map((type) => ({ type, pageNum: 1 })),
      queryFn: ({ pageParam, signal }) =>
        Promise.all(
          pageParam.map(({ type, pageNum }) =>
            api('messagesPage', { query: { type, pageNum, pageSize } }, { signal }).then((d) => ({ type, pageNum, ...d })),
          ),
        ),
      getNextPageParam: (_last, pages) => next(pages.flat()),
      staleTime: 0,
    }),
};

/** After anything that may have changed the unread numbers (reading messages, marking all read). */
export function refreshUnread(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messageKeys.unread });
}

/** After messages were marked read: the lists and the counts. */
export function afterMessagesRead(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

/** The largest page the contract allows: fewest calls. */
const READ_PAGE_SIZE = 50;

/**
 * Reading a page of messages marks it read, so marking a type read reads its pages until it has seen as many unread
 * as the count said.
 */
async function readType(type: MessageType, unread: number): Promise<void> {
  let seen = 0;
  for (let pageNum = 1; ; pageNum++) {
    const d = await api('messagesPage', { query: { type, pageNum, pageSize: READ_PAGE_SIZE } }, { silent: true });
    seen += d.list.filter((m) => !m.read).length;
    if (seen >= unread || d.list.length === 0 || pageNum * READ_PAGE_SIZE >= d.total) return;
  }
}

/** Announcements become read when opened; there is no bulk call, so each unread one is opened. */
async function readAnnouncements(unread: number): Promise<void> {
  const ids: number[] = [];
  for (let pageNum = 1; ids.length < unread; pageNum++) {
    const d = await api('announcementMessages', { query: { pageNum, pageSize: READ_PAGE_SIZE } }, { silent: true });
    ids.push(...d.list.filter((a) => !a.read).map((a) => a.id));
    if (d.list.length === 0 || pageNum * READ_PAGE_SIZE >= d.total) break;
  }
  await Promise.all(ids.map((id) => api('announcementForm', { params: { id } }, { silent: true })));
}

/**
 * 全部标为已读: every type with unread messages, and the unread announcements. The lists and counts refetch
 * afterwards even when part of it failed (what was read stays read).
 */
export const useMarkAllRead = defineWrite(
  async ({ unread, announcements }: { unread: ReadonlyArray<readonly [MessageType, number]>; announcements: number }) => {
    await Promise.all([
      ...unread.map(([type, count]) => readType(type, count)),
      announcements > 0 ? readAnnouncements(announcements) : Promise.resolve(),
    ]);
  },
  { onSettled: (queryClient) => Promise.all([afterMessagesRead(queryClient), afterAnnouncementsRead(queryClient)]) },
);
