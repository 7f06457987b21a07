import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner.js';

/** The tree itself is a chunk of its own, asked for only when the section comes near the screen. */
const TreeView = lazy(() => import('./TreeView.js'));

/**
 * 仿写家族树 under a text that has imitations: who imitated it, who imitated them. Nothing of it loads with the
 * reader's first page; the section starts loading as the reader scrolls towards it.
 */
export function ImitationTreeSection({ essay }: { essay: { id: number; imitations: number } }) {
  const ref = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  const has = essay.imitations > 0;
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, has]);
  if (!has) return null;
  return (
    <section ref={ref} className="details-section itree" aria-label="仿写家族树">
      <header className="details-section__head">
        <h2 className="details-section__title">仿写家族树</h2>
      </header>
      {near ? (
        <Suspense fallback={<Spinner className="itree-loading" />}>
          <TreeView rootId={essay.id} />
        </Suspense>
      ) : (
        <div style={{ minHeight: 48 }} />
      )}
    </section>
  );
}
