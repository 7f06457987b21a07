import { useQuery } from '@tanstack/react-query';
import { messageQueries } from '../api/messages.js';

/** Unread notifications per type and in total, shared by the header bell and /myInform. */
export function useUnreadCounts(enabled = true) {
  return useQuery({ ...messageQueries.unread(), enabled });
}
