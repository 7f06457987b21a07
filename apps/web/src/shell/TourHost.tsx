import { lazy, Suspense, useEffect, useState } from 'react';
import { onTourRequest, tourSeen } from './tour.js';

const GuidedTour = lazy(() => import('./GuidedTour.js'));

/**
 * Loads the guided tour only for a browser that has not seen it, or when someone asks to see it again. Decided
 * once the app runs (the server's copy of the page has no tour).
 */
export function TourHost() {
  const [firstVisit, setFirstVisit] = useState(false);
  const [request, setRequest] = useState(0);
  useEffect(() => setFirstVisit(!tourSeen()), []);
  useEffect(() => onTourRequest(() => setRequest((n) => n + 1)), []);
  if (!firstVisit && request === 0) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour request={request} />
    </Suspense>
  );
}
