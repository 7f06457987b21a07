import { WATERMARK, watermarkTile } from '@shiju/contract/core';
import { hasWatermark } from '@shiju/contract/credit';
import { Link } from 'react-router';
import { classifyHref } from '../../../../lib/links.js';
import { CreditText, PosterNote } from '../../../essays/index.js';
import { useMemo, type CSSProperties } from 'react';
import { RelativeTime } from '../../../../components/RelativeTime.js';
import { readingStats } from '../../../../lib/format.js';
import { textOf } from '../../../../lib/html.js';
import type { Details } from '../../../essays/index.js';
import { paragraphsOf, verseOf } from './verse.js';

/**
 * The text itself: a sentence large and centred (it is the page's heading), an essay with title, word count and
 * reading time, cover and body; credited by the contract's creditOf (the work's author, 佚名, or the writer of an
 * original), a quote's poster in small type. A writer's original work (hasWatermark) has the watermark (docs/rules.md#watermark's
 * tile) in a band below the text, never across its lines; a public-domain text has none (docs/decisions/0018).
 */
export function DetailsText({ essay, html, noted }: { essay: Details; html: string; noted?: string | null }) {
  const marked = hasWatermark(essay);
  const tile = useMemo(() => (marked ? watermarkTile(essay.author.nickname) : null), [marked, essay.author.nickname]);
  const stats = useMemo(() => (essay.type === 'essay' ? readingStats(textOf(html)) : null), [essay.type, html]);
  // Verse keeps each clause on one line (reading.css): the mark and the longest clause, the same on the server.
  const verse = useMemo(
    () => verseOf(essay.type === 'sentence' ? essay.content.split('\n') : paragraphsOf(html)),
    [essay.type, essay.content, html],
  );
  const verseProps = verse ? { 'data-verse': '', style: { '--verse-clause': verse.longest } as CSSProperties } : {};
  return (
    <div className="details-watermark">
      <article className={`details-text details-text--${essay.type}`}>
        {essay.type === 'sentence' ? (
          <>
            {noted ? (
              // The text with its notes drawn in (components/notes: escaped text, the server's sanitised notes).
              <h1 className="details-text__sentence serif" {...verseProps} dangerouslySetInnerHTML={{ __html: noted }} />
            ) : (
              <h1 className="details-text__sentence serif" {...verseProps}>
                {essay.content}
              </h1>
            )}
            <p className="details-text__source serif">
              —— <CreditText essay={essay} />
            </p>
            <PosterNote essay={essay} className="details-text__poster" />
          </>
        ) : (
          <>
            <h1 className="details-text__title serif">{essay.title}</h1>
            <p className="details-text__byline">
              <span className="details-text__credit">
                <CreditText essay={essay} withWork={false} />
              </span>
              <PosterNote essay={essay} />
              <RelativeTime value={essay.publishedAt ?? essay.createdAt} />
              {essay.classification ? <Link to={classifyHref(essay.classification.id)}>{essay.classification.name}</Link> : null}
              {stats ? (
                <span className="details-text__stats">
                  {stats.chars} 字 · 约 {stats.minutes} 分钟读完
                </span>
              ) : null}
            </p>
            {essay.cover ? <img className="details-text__cover" src={essay.cover} alt="" /> : null}
            {/* Only the server's sanitised content field is rendered as HTML (allowlist in apps/server/src/lib/html.ts). */}
            <div className="details-text__body rich-text serif" {...verseProps} dangerouslySetInnerHTML={{ __html: noted ?? html }} />
            {essay.source && !essay.ownWork ? (
              <p className="details-text__source details-text__source--essay serif">
                —— {essay.workAuthor ? <CreditText essay={essay} /> : essay.source}
              </p>
            ) : null}
          </>
        )}
      </article>
      {tile ? (
        <div
          className="details-watermark__band"
          aria-hidden="true"
          data-watermark=""
          style={{ backgroundImage: `url("${tile.url}")`, backgroundSize: `${tile.width}px ${tile.height}px`, zIndex: WATERMARK.zIndex }}
        />
      ) : null}
    </div>
  );
}
