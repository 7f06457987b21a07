import type { ReactNode } from 'react';
import { isApiError, type ApiError } from '../api/index.js';
import { EmptyState } from './EmptyState.js';
import { Button } from './ui/Button.js';
import { Skeleton } from './ui/Skeleton.js';

interface Props<T> {
  query: { data: T | undefined; error: ApiError | null; isPending: boolean; refetch: () => unknown };
  /** Whether the loaded data counts as empty. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Shown when the call answers A0404 (pass quietCodes: ['A0404'] to the query to skip the toast). */
  notFound?: ReactNode;
  skeletonRows?: number;
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The states every data-backed section goes through: skeleton, not found, error with retry, empty with a next step, then the content.
 */
export function QueryState<T>({ query, isEmpty, empty, notFound, skeletonRows = 3, compact, children }: Props<T>) {
  if (query.isPending) return <Skeleton title={false} rows={skeletonRows} />;
  if (query.error) {
    if (isApiError(query.error, 'A0404')) {
      return <>{notFound ?? <EmptyState compact={compact} description="内容不存在或已被删除" />}</>;
    }
    return (
      <EmptyState
        compact={compact}
        description="加载失败"
        action={
          <Button size="small" onClick={() => query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (query.data === undefined) return null;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState compact={compact} description="暂无内容" />}</>;
  return <>{children(query.data)}</>;
}
