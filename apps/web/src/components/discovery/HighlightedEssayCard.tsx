import type { Essay } from '@shiju/contract';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../lib/format.js';
import { Counters } from '../Counters.js';
import { Highlight } from './Highlight.js';

/**
 * EssayCard for search results: the same card (same classes, same layout), with the matched words marked
 * in the title, the text and the source.
 */
export function HighlightedEssayCard({ essay, words }: { essay: Essay; words: readonly string[] }) {
  const href = `/bellesDetails?id=${essay.id}`;
  const isSentence = essay.type === 'sentence';
  const foot = (
    <footer className="essay-card__foot">
      <div className="essay-card__meta">
        <Link to={`/othersInfor?id=${essay.author.id}`} className="essay-card__author">
          <Highlight text={essay.author.nickname} words={words} />
        </Link>
        <span>{formatRelativeTime(essay.publishedAt ?? essay.createdAt)}</span>
      </div>
      <Counters essay={essay} />
    </footer>
  );

  if (isSentence) {
    return (
      <article className="essay-card essay-card--sentence" data-essay-id={essay.id}>
        <Link to={href} className="essay-card__quote serif">
          <Highlight text={essay.summary} words={words} />
        </Link>
        <p className="source-line essay-card__source serif">
          —— <Highlight text={essay.source || essay.author.nickname} words={words} />
        </p>
        {foot}
      </article>
    );
  }
  return (
    <article className="essay-card essay-card--essay" data-essay-id={essay.id}>
      <div className="essay-card__body">
        <Link to={href} className="essay-card__title serif">
          <Highlight text={essay.title ?? ''} words={words} />
        </Link>
        <p className="essay-card__summary serif">
          <Highlight text={essay.summary} words={words} />
        </p>
        {foot}
      </div>
      {essay.cover ? (
        <Link to={href} className="essay-card__cover-link" tabIndex={-1} aria-hidden>
          <img className="essay-card__cover" src={essay.cover} alt="" loading="lazy" />
        </Link>
      ) : null}
    </article>
  );
}
