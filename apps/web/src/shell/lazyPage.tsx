import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
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

export interface LazyPageOptions {
  /**
   * The page is built without antd (the reader's first pages: 首页, a text's page, 404): it loads alone. Every other
   * page comes with antd's context (components/antd/AntdScope) in the same request round.
   */
  light?: boolean;
}

/**
 * Around every routed page: a skeleton while its chunk arrives, and the signal that it is there. The server's
 * prerendering wraps its pages in the same boundary (ssr/render.tsx), so the app takes its markup over as is.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      {children}
      <Mounted />
    </Suspense>
  );
}

/** A page loaded on demand (docs/rules.md#routes), with a skeleton while its chunk arrives. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, { light = false }: LazyPageOptions = {}): ComponentType {
  const Page = lazy(() =>
    (light
      ? load()
      : Promise.all([load(), import('../components/antd/AntdScope.js')]).then(([page, antd]) => {
          const Inner = page.default;
          const Scope = antd.default;
          return {
            default: function WithAntd() {
              return (
                <Scope>
                  <Inner />
                </Scope>
              );
            },
          };
        })
    ).catch((e: unknown) => {
      throw new ChunkLoadError(e);
    }),
  );
  return function LazyPage() {
    return (
      <PageBoundary>
        <Page />
      </PageBoundary>
    );
  };
}
