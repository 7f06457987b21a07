import { Skeleton } from './ui/Skeleton.js';

/** Shown while a page's code arrives. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton title="30%" rows={6} />
    </div>
  );
}
