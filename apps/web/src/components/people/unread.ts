import type { QueryClient } from '@tanstack/react-query';
import { useCall } from '../../api/index.js';

/** The header bell polls this often while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

/** Prefix of the unread-count query (useCall keys are `[callId, input]`). */
const UNREAD_KEY = ['messageCount'] as const;

/**
 * Unread notifications per type and in total (app-users/message). One cache entry shared by the bell and
 * /myInform. The call is silent (no loading mask, per the contract); TanStack only runs the interval while the
 * document is visible and refetches when it becomes visible again.
 */
export function useUnreadCounts(enabled = true) {
  return useCall(
    'messageCount',
    {},
    {
      enabled,
      quietCodes: ['B0501'],
      refetchInterval: UNREAD_POLL_MS,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
      staleTime: 10_000,
    },
  );
}

/** After anything that may have changed the unread numbers (reading messages, marking all read). */
export function refreshUnread(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
}
