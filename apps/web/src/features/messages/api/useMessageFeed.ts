import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  messageQueries,
  refreshUnread,
  type Message,
  type MessageChunk as Chunk,
  type MessagePages,
  type MessageType,
} from './messages.js';

const PAGE_SIZE = 20;

interface Progress {
  type: MessageType;
  lastPage: number;
  /** Time of the oldest message loaded so far. */
  oldest: number;
  done: boolean;
}

const time = (m: Message) => Date.parse(m.createdAt);

function progressOf(types: readonly MessageType[], chunks: Chunk[]): Progress[] {
  return types.map((type) => {
    const mine = chunks.filter((c) => c.type === type);
    const last = mine[mine.length - 1];
    const loaded = mine.reduce((n, c) => n + c.list.length, 0);
    const tail = last?.list[last.list.length - 1];
    return {
      type,
      lastPage: last?.pageNum ?? 0,
      oldest: tail ? time(tail) : -Infinity,
      done: !last || last.list.length === 0 || loaded >= last.total,
    };
  });
}

/** The next page of the type whose loaded messages reach least far back; none once every type is done. */
function nextPages(types: readonly MessageType[], chunks: Chunk[]): MessagePages | undefined {
  const open = progressOf(types, chunks).filter((p) => !p.done);
  if (open.length === 0) return undefined;
  const next = open.reduce((a, b) => (b.oldest > a.oldest ? b : a));
  return [{ type: next.type, pageNum: next.lastPage + 1 }];
}

/**
 * Messages of one or more types as one newest-first list (the 评论和回复 tab is comment + reply).
 *
 * The call pages one type at a time, so this merges: it loads the first page of each type, then always the
 * next page of the type whose loaded messages reach least far back. A message is shown only once no unloaded
 * message of another type can be newer than it, so the order never jumps as pages arrive. Loading a page marks
 * its messages read (the server does it); the bell's count is refreshed after each page.
 */
export function useMessageFeed(types: readonly MessageType[]) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messageQueries.feed(types, PAGE_SIZE, (chunks) => nextPages(types, chunks)));

  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt) void refreshUnread(queryClient);
  }, [dataUpdatedAt, queryClient]);

  const pages = query.data?.pages;
  const items = useMemo(() => {
    const chunks = pages?.flat() ?? [];
    const open = progressOf(types, chunks).filter((p) => !p.done);
    const horizon = open.length ? Math.max(...open.map((p) => p.oldest)) : -Infinity;
    const seen = new Set<number>();
    const all: Message[] = [];
    for (const c of chunks)
      for (const m of c.list) {
        // Offsets shift when messages arrive between two pages: the same message can come twice.
        if (seen.has(m.id) || time(m) < horizon) continue;
        seen.add(m.id);
        all.push(m);
      }
    return all.sort((a, b) => time(b) - time(a) || b.id - a.id);
  }, [pages, types]);

  return {
    items,
    error: query.error,
    isPending: query.isPending,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    refetch: query.refetch,
    dataUpdatedAt,
  };
}
