import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { PageSkeleton } from '../components/PageSkeleton.js';
import { pageMounted } from './serverPage.js';

/** Tells the server-rendered page (if still showing) that the app's page is there. */
function Mounted() {
  useEffect(pageMounted, []);
  return null;
}

/** A route chunk that could not be fetched (deployed anew, network dropped). RouteError reloads for it. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('页面资源加载失败', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A page loaded on demand (seed §2), with a skeleton while its chunk arrives. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(() =>
    load().catch((e: unknown) => {
      throw new ChunkLoadError(e);
    }),
  );
  return function LazyPage() {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page />
        <Mounted />
      </Suspense>
    );
  };
}
