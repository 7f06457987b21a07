import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { markTourSeen, onTourRequest, tourSeen } from '../lib/tour.js';

const GuidedTour = lazy(() => import('./GuidedTour.js'));

/**
 * Loads the guided tour only for a browser that has not seen it and starts on 首页, or when someone asks to see it
 * again. A first visit that starts anywhere else (a shared text) counts as seen: that reader never gets it. Decided
 * once the app runs (the server's copy of the page has no tour).
 */
export function TourHost() {
  const [firstVisit, setFirstVisit] = useState(false);
  const [request, setRequest] = useState(0);
  const { pathname } = useLocation();
  useEffect(() => {
    if (tourSeen()) return;
    if (pathname === '/home') setFirstVisit(true);
    else markTourSeen();
    // Decided by the page the visit starts on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => onTourRequest(() => setRequest((n) => n + 1)), []);
  if (!firstVisit && request === 0) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour request={request} />
    </Suspense>
  );
}
