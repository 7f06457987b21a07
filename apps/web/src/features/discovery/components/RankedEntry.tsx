import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';
import { EssayCard } from '../../essays/index.js';
import './discovery.css';

interface Props {
  rank: number;
  essay: Essay;
  /** Under the rank number (the heat badge). */
  aside?: ReactNode;
  /** Under the card (the editor's note). */
  children?: ReactNode;
}

/** A text with its place in a list: rank number (the top three in medal colours), then the card. */
export function RankedEntry({ rank, essay, aside, children }: Props) {
  const top = rank <= 3 ? ` is-top is-top-${rank}` : '';
  return (
    <article className={`ranked-entry${top}`} data-rank={rank}>
      <div className="ranked-entry__rank">
        <span className="ranked-entry__no" aria-label={`第 ${rank} 名`}>
          {rank}
        </span>
      </div>
      <div className="ranked-entry__body">
        {aside ? <div className="ranked-entry__aside">{aside}</div> : null}
        <EssayCard essay={essay} />
        {children}
      </div>
    </article>
  );
}
