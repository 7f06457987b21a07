import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../../api/index.js';
import { EmptyState } from '../EmptyState.js';
import './discovery.css';

/** What useInfiniteList returns, as far as this list needs it. */
export interface PagedQuery<T> {
  items: T[];
  error: ApiError | null;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: PagedQuery<T>;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Shown when the first page holds nothing: say what to do next. */
  empty: ReactNode;
  /** Ordered lists (rankings) are announced as such. */
  ordered?: boolean;
  className?: string;
  /** Placeholder rows while the first page loads. */
  skeletonRows?: number;
  /** Label of the button that asks for the next page. */
  moreText?: string;
}

/**
 * A paged list with an explicit 加载更多 button: for lists a reader works through (rankings, search results,
 * orders), where a button keeps the footer reachable and the position predictable.
 */
export function LoadMoreList<T>({
  query,
  itemKey,
  renderItem,
  empty,
  ordered,
  className,
  skeletonRows = 4,
  moreText = '加载更多',
}: Props<T>) {
  if (query.isPending) {
    return (
      <div className="load-more-list__skeleton" aria-busy="true" aria-label="加载中">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <div key={i} className="load-more-list__skeleton-row">
            <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
          </div>
        ))}
      </div>
    );
  }
  if (query.error && query.items.length === 0) {
    return (
      <EmptyState
        description="加载失败，请检查网络后重试"
        action={
          <Button size="small" onClick={() => query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (query.items.length === 0) return <>{empty}</>;

  const List = ordered ? 'ol' : 'ul';
  return (
    <div className={className ? `load-more-list ${className}` : 'load-more-list'}>
      <List className="load-more-list__items">
        {query.items.map((item) => (
          <li key={itemKey(item)} className="load-more-list__item">
            {renderItem(item)}
          </li>
        ))}
      </List>
      <div className="load-more-list__end">
        {query.hasNextPage ? (
          <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage} className="load-more-list__more">
            {query.isFetchNextPageError ? '加载失败，点击重试' : moreText}
          </Button>
        ) : (
          <span>没有更多了</span>
        )}
      </div>
    </div>
  );
}
