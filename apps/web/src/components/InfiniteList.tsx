import { Button, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { isNotOpenYet, type ApiError } from '../api/index.js';
import { useInfiniteScroll } from '../hooks/useInfiniteScroll.js';
import { EmptyState } from './EmptyState.js';
import './essay/essay.css';

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
  /** The line under the last item; 没有更多了 by default. */
  endText?: ReactNode;
  /** How many card skeletons stand in while the first page loads. */
  skeletonCount?: number;
}

/** Card-shaped placeholders while a list loads. */
export function ListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="infinite-list" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="list-skeleton">
          <Skeleton active title={{ width: '45%' }} paragraph={{ rows: 2, width: ['100%', '70%'] }} />
        </div>
      ))}
    </div>
  );
}

/** A list that loads its next page when its end scrolls into view (seed §9: 200 ms, distance 0). */
export function InfiniteList<T>({ query, itemKey, renderItem, empty, endText = '没有更多了', skeletonCount = 3 }: Props<T>) {
  const canLoad = query.hasNextPage && !query.isFetchingNextPage && !query.error;
  const sentinel = useInfiniteScroll(() => query.fetchNextPage(), canLoad);

  if (query.isPending) return <ListSkeleton count={skeletonCount} />;
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
        {query.isFetchingNextPage ? (
          <Spin size="small" />
        ) : query.error ? (
          <Button size="small" type="link" onClick={() => query.fetchNextPage()}>
            加载失败，点此重试
          </Button>
        ) : query.hasNextPage ? null : (
          <span className="infinite-list__end-line">{endText}</span>
        )}
      </div>
    </div>
  );
}
