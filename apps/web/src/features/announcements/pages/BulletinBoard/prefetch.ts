import type { QueryClient } from '@tanstack/react-query';
import { announcementQueries } from '../../api/announcements.js';
import { BULLETIN_PAGE_SIZE } from './index.js';

/** The first page of announcements as a visitor's board asks for it (the server prerenders with it: ssr/render.tsx). */
export async function prefetchBoard(client: QueryClient): Promise<boolean> {
  const board = announcementQueries.board(null, BULLETIN_PAGE_SIZE);
  await client.prefetchInfiniteQuery(board);
  return client.getQueryState(board.queryKey)?.status === 'success';
}
