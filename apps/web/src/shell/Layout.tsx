import type { ReactNode } from 'react';
import { DialogHost } from '../components/ConfirmDialog/index.js';
import { ConsentGate } from './ConsentGate.js';
import { DeletionBanner } from './DeletionBanner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { TabBar } from './TabBar.js';
import { KeepAliveOutlet } from './KeepAlive.js';
import { TourHost } from './TourHost.js';
import { useRouteHandle } from './routeHandle.js';
import { useDocumentMeta } from './useDocumentMeta.js';

/**
 * Header, the page, footer: the frame the app draws and the server prerenders (ssr/render.tsx), so both draw the
 * same page. `after` holds what only the running app has (dialogs, the tour).
 */
export function ShellFrame({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <div className="shell">
      <Header />
      <DeletionBanner />
      <main className="shell__main">{children}</main>
      <Footer />
      <TabBar />
      {after}
    </div>
  );
}

/** What the running app adds after the footer: dialogs, the agreement check, the tour (nothing at first). */
export function AppHosts() {
  return (
    <>
      {/* Inside the router, so dialog content may hold links. */}
      <DialogHost />
      <ConsentGate />
      <TourHost />
    </>
  );
}

/** Header, the routed page, footer (docs/rules.md#routes: the shell shows a header and a footer around the page). */
export function Layout() {
  const { handle } = useRouteHandle();
  useDocumentMeta(handle);
  return (
    <ShellFrame after={<AppHosts />}>
      <KeepAliveOutlet />
    </ShellFrame>
  );
}
