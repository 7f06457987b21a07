import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Counters } from './Counters.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { CreditText, PosterNote, SourceLine } from './SourceLine.js';
import { essayHref, userHref } from '../../../lib/links.js';
import { MuteMenu } from '../../mutes/index.js';
import '../../../styles/essay.css';

interface Props {
  essay: Essay;
  /** Extra buttons or links in the card's footer (e.g. 去仿写). */
  actions?: ReactNode;
  /** A short note above the text (e.g. 仿写自…, 待审核). */
  badge?: ReactNode;
  /** How the card's words are shown (search results mark the matched words); plain text by default. */
  renderText?: (text: string) => ReactNode;
}

const plain = (text: string): ReactNode => text;

/** A sentence as a quote card, an essay as title + two-line summary + cover (docs/rules.md#screens, cards). */
export function EssayCard({ essay, actions, badge, renderText = plain }: Props) {
  const href = essayHref(essay.id);
  const foot = (
    <footer className="essay-card__foot">
      <div className="essay-card__meta">
        {essay.ownWork ? (
          <Link to={userHref(essay.author.id)} className="essay-card__author">
            {renderText(essay.author.nickname)}
          </Link>
        ) : (
          <>
            {/* A sentence's credit is its source line; an essay's stands here. The poster follows as 收录/分享. */}
            {essay.type === 'essay' ? (
              <span className="essay-card__author">
                <CreditText essay={essay} withWork={false} renderText={renderText} />
              </span>
            ) : null}
            <PosterNote essay={essay} className="essay-card__poster" />
          </>
        )}
        <RelativeTime value={essay.publishedAt ?? essay.createdAt} />
      </div>
      <div className="essay-card__end">
        <Counters essay={essay} />
        <MuteMenu essay={essay} />
      </div>
      {actions ? <div className="essay-card__actions">{actions}</div> : null}
    </footer>
  );
  const note = badge ? <div className="essay-card__badge">{badge}</div> : null;

  if (essay.type === 'sentence') {
    return (
      <article className="essay-card panel essay-card--sentence" data-essay-id={essay.id}>
        {note}
        <Link to={href} className="essay-card__quote serif">
          {renderText(essay.summary)}
        </Link>
        <SourceLine essay={essay} className="essay-card__source" renderText={renderText} />
        {foot}
      </article>
    );
  }

  return (
    <article className="essay-card panel essay-card--essay" data-essay-id={essay.id}>
      <div className="essay-card__body">
        {note}
        <Link to={href} className="essay-card__title serif">
          {renderText(essay.title ?? '')}
        </Link>
        <p className="essay-card__summary serif clamp">{renderText(essay.summary)}</p>
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
