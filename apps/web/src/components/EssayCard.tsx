import type { Essay } from '@shiju/contract';
import { Link } from 'react-router';
import { formatRelativeTime } from '../lib/format.js';
import { Counters } from './Counters.js';

/** A sentence as a quote card, an essay as title + two-line summary + cover (SCREENS.md, cards). */
export function EssayCard({ essay }: { essay: Essay }) {
  const href = `/bellesDetails?id=${essay.id}`;
  const byline = (
    <div className="essay-card__meta">
      <Link to={`/othersInfor?id=${essay.author.id}`} className="essay-card__author">
        {essay.author.nickname}
      </Link>
      <span>{formatRelativeTime(essay.publishedAt ?? essay.createdAt)}</span>
    </div>
  );

  if (essay.type === 'sentence') {
    return (
      <article className="essay-card essay-card--sentence">
        <Link to={href} className="essay-card__quote serif">
          {essay.summary}
        </Link>
        <p className="essay-card__source serif">—— {essay.source || essay.author.nickname}</p>
        <footer className="essay-card__foot">
          {byline}
          <Counters essay={essay} />
        </footer>
      </article>
    );
  }

  return (
    <article className="essay-card essay-card--essay">
      <div className="essay-card__body">
        <Link to={href} className="essay-card__title serif">
          {essay.title}
        </Link>
        <p className="essay-card__summary serif">{essay.summary}</p>
        <footer className="essay-card__foot">
          {byline}
          <Counters essay={essay} />
        </footer>
      </div>
      {essay.cover ? <img className="essay-card__cover" src={essay.cover} alt="" loading="lazy" /> : null}
    </article>
  );
}
