import { Button, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { isNotOpenYet, type ApiError } from '../api/index.js';
import { useInfiniteScroll } from '../hooks/useInfiniteScroll.js';
import { EmptyState } from './EmptyState.js';

interface ListQuery<T> {
  items: T[];
  error: ApiError | null;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: ListQuery<T>;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
}

/** A list that loads its next page when its end scrolls into view (seed §9: 200 ms, distance 0). */
export function InfiniteList<T>({ query, itemKey, renderItem, empty }: Props<T>) {
  const canLoad = query.hasNextPage && !query.isFetchingNextPage && !query.error;
  const sentinel = useInfiniteScroll(() => query.fetchNextPage(), canLoad);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (query.error && query.items.length === 0) {
    if (isNotOpenYet(query.error)) return <EmptyState description="暂未开放，敬请期待" />;
    return (
      <EmptyState
        description="加载失败"
        action={
          <Button size="small" onClick={() => query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (query.items.length === 0) return <>{empty}</>;

  return (
    <div className="infinite-list">
      {query.items.map((item) => (
        <div key={itemKey(item)} className="infinite-list__item">
          {renderItem(item)}
        </div>
      ))}
      <div ref={sentinel} className="infinite-list__end">
        {query.isFetchingNextPage ? <Spin size="small" /> : query.hasNextPage ? null : <span>没有更多了</span>}
      </div>
    </div>
  );
}
