import { Skeleton } from 'antd';

/** Shown while a page's code arrives. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 6 }} />
    </div>
  );
}
