import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { defineDomain } from '../../../api/define.js';

const announcements = defineDomain('announcements');

export const announcementKeys = { all: announcements.all };

export const announcementQueries = {
  /** Read state belongs to whoever is signed in, so the list is kept per user. */
  board: (userId: number | null, pageSize: number) =>
    announcements.paged('announcementsPage', (pageNum) => ({ query: { pageNum, pageSize } }), {}, { user: userId }),
  latest: (pageSize: number) => announcements.query('announcementsPage', { query: { pageNum: 1, pageSize } }),
  /** 我的通知 · 公告 */
  mine: (pageSize: number) => announcements.paged('announcementMessages', (pageNum) => ({ query: { pageNum, pageSize } })),
  unreadProbe: () => ({
    ...announcements.query('announcementMessages', { query: { pageNum: 1, pageSize: 1 } }, { silent: true }),
    staleTime: 0,
  }),
  /**
   * Opening an announcement marks it read for a signed-in reader, so for them it is always asked afresh; a visitor
   * has no read state, and the copy the server drew the page from is kept as any answer is.
   */
  one: (id: number, signedIn: boolean) => ({
    ...announcements.query('announcementForm', { params: { id } }, { quietCodes: ['A0404'] }),
    ...(signedIn ? { staleTime: 0 } : {}),
  }),
};

/** Lists that show read state (公告, 我的通知 · 公告) after announcements were read. */
export function afterAnnouncementsRead(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: announcementKeys.all });
}

/**
 * One announcement (/bulletinDetails). Opening it marks it read for a signed-in reader (the call does): once it has
 * loaded, the lists that show read state are out of date.
 */
export function useAnnouncement(id: number | null, signedIn: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...announcementQueries.one(id ?? 0, signedIn), enabled: id !== null });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || !signedIn) return;
    void afterAnnouncementsRead(queryClient);
  }, [loaded, signedIn, queryClient]);
  return query;
}
