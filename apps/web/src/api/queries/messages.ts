import type { QueryClient } from '@tanstack/react-query';
import { defineDomain } from './define.js';

const messages = defineDomain('messages');

/** The header bell polls this often while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

export const messageKeys = {
  all: messages.all,
  unread: messages.call('messageCount'),
  /** 我的通知's merged list of one or more message types (see MyInform/useMessageFeed). */
  feed: (types: readonly string[]) => [...messages.call('messagesPage'), 'feed', types.join(',')] as const,
};

export const messageQueries = {
  /**
   * Unread notifications per type and in total: one entry shared by the bell and /myInform. The call is
   * silent (no loading mask, per the contract); TanStack runs the interval only while the document is visible.
   */
  unread: () => ({
    ...messages.query('messageCount', {}, { quietCodes: ['B0501'] }),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
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
