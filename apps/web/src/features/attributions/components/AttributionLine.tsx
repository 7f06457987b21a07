import { lazy, Suspense, useId, useState } from 'react';
import type { AttributionStatus, Citation } from '@shiju/contract';
import { CitationText } from './citation.js';
import './attributions.css';

const AttributionPanel = lazy(() => import('./AttributionPanel.js'));

interface Shown {
  id: number;
  ownWork: boolean;
  status: string;
  citation: Citation | null;
  attributionStatus: AttributionStatus;
}

const BADGE = {
  verified: { label: '出处已考证', className: 'attribution__badge attribution__badge--verified' },
  disputed: { label: '存疑', className: 'attribution__badge attribution__badge--disputed' },
  unverified: { label: '考证出处', className: 'attribution__badge attribution__badge--open' },
} as const;

/**
 * Below a quoted text: its structured 出处 (the link with rel=nofollow) and the attribution badge — 出处已考证, 存疑,
 * or an invitation to add evidence — whose tap opens the evidence panel right here.
 */
export function AttributionLine({ essay }: { essay: Shown }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (essay.ownWork || essay.status !== 'published') return null;
  const badge = BADGE[essay.attributionStatus];
  return (
    <section className="attribution" aria-label="出处与考证">
      <div className="attribution__line">
        {essay.citation ? (
          <span className="attribution__source">
            <span className="attribution__label">出处</span>
            <CitationText citation={essay.citation} />
          </span>
        ) : null}
        <button
          type="button"
          className={badge.className}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-attribution={essay.attributionStatus}
        >
          {badge.label}
          {essay.attributionStatus !== 'unverified' ? <span className="attribution__more"> · 查看证据</span> : null}
        </button>
      </div>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={<p className="attribution__loading">正在载入证据…</p>}>
            <AttributionPanel essayId={essay.id} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
