import type { ReactNode } from 'react';
import type { ApiError } from '../api/index.js';
import { useInfiniteScroll } from '../hooks/useInfiniteScroll.js';
import { EmptyState } from './EmptyState.js';
import { Button } from './ui/Button.js';
import { Skeleton } from './ui/Skeleton.js';
import { Spinner } from './ui/Spinner.js';
import '../styles/essay.css';

/** What usePagedList (or useEssayFeed) returns, as far as a list needs it. */
export interface ListQuery<T> {
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
  /** Shown when the first page holds nothing: say what to do next. */
  empty: ReactNode;
  /**
   * How the next page comes: when the end scrolls into view (feeds; docs/rules.md#front-end-constants: 200 ms, distance 0), or by a
   * 加载更多 button (lists a reader works through — rankings, search results, orders — where the footer
   * stays reachable and the position predictable).
   */
  more?: 'scroll' | 'button';
  /**
   * With `scroll`: pages come by themselves until this many items are shown, then by the 加载更多 button, so a
   * long feed does not keep the footer (and, on phones, what follows the feed) out of reach forever.
   */
  scrollUntil?: number;
  /** Ordered lists (rankings) are announced as such. */
  ordered?: boolean;
  className?: string;
  /** The line under the last item; 没有更多了 by default. */
  endText?: ReactNode;
  /** How many card skeletons stand in while the first page loads. */
  skeletonCount?: number;
}

/** Card-shaped placeholders while a list loads. */
export function ListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="infinite-list" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="list-skeleton panel">
          <Skeleton title="45%" rows={2} widths={['100%', '70%']} />
        </div>
      ))}
    </div>
  );
}

/** A paged list: skeleton, failure with retry, empty state, the items, and the next page on demand. */
export function InfiniteList<T>({
  query,
  itemKey,
  renderItem,
  empty,
  more: wanted = 'scroll',
  scrollUntil = Infinity,
  ordered = false,
  className,
  endText = '没有更多了',
  skeletonCount = 3,
}: Props<T>) {
  const more = wanted === 'scroll' && query.items.length >= scrollUntil ? 'button' : wanted;
  const canLoad = more === 'scroll' && query.hasNextPage && !query.isFetchingNextPage && !query.error;
  const sentinel = useInfiniteScroll(() => query.fetchNextPage(), canLoad);

  if (query.isPending) return <ListSkeleton count={skeletonCount} />;
  if (query.error && query.items.length === 0) {
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

  const Items = ordered ? 'ol' : 'ul';
  const end = query.isFetchingNextPage ? (
    <Spinner />
  ) : query.hasNextPage && more === 'button' ? (
    <Button onClick={() => query.fetchNextPage()} className="infinite-list__more">
      {query.error ? '加载失败，点击重试' : '加载更多'}
    </Button>
  ) : query.error ? (
    <Button size="small" type="link" onClick={() => query.fetchNextPage()}>
      加载失败，点此重试
    </Button>
  ) : query.hasNextPage ? null : (
    <span className="infinite-list__end-line">{endText}</span>
  );
  return (
    <div className={['paged-list', `paged-list--${more}`, className].filter(Boolean).join(' ')}>
      <Items className="infinite-list">
        {query.items.map((item) => (
          <li key={itemKey(item)} className="infinite-list__item">
            {renderItem(item)}
          </li>
        ))}
      </Items>
      <div ref={sentinel} className="infinite-list__end">
        {end}
      </div>
    </div>
  );
}
