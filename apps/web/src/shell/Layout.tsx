import { DialogHost } from '../components/ConfirmDialog/index.js';
import { ConsentGate } from './ConsentGate.js';
import { DeletionBanner } from './DeletionBanner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { KeepAliveOutlet } from './KeepAlive.js';
import { TourHost } from './TourHost.js';
import { useRouteHandle } from './routeHandle.js';
import { useDocumentMeta } from './useDocumentMeta.js';

/** Header, the routed page, footer (seed §2: the shell shows a header and a footer around the page). */
export function Layout() {
  const { handle } = useRouteHandle();
  useDocumentMeta(handle);
  return (
    <div className="shell">
      <Header />
      <DeletionBanner />
      <main className="shell__main">
        <KeepAliveOutlet />
      </main>
      <Footer />
      {/* Inside the router, so dialog content may hold links. */}
      <DialogHost />
      <ConsentGate />
      <TourHost />
    </div>
  );
}
