import { WATERMARK, watermarkTile } from '@shiju/contract/core';
import { Link } from 'react-router';
import { classifyHref } from '../../components/essay/links.js';
import { SourceText } from '../../components/essay/SourceLine.js';
import { useMemo } from 'react';
import { RelativeTime } from '../../components/RelativeTime.js';
import { readingStats } from '../../lib/format.js';
import { textOf } from '../../lib/html.js';
import type { Details } from './useDetailsCache.js';

/**
 * The text itself under the watermark (seed §9; the tile is drawn as the server's page draws it): a sentence large and centred (it is the page's heading), an essay with
 * title, word count and reading time, cover and body.
 */
export function DetailsText({ essay, html }: { essay: Details; html: string }) {
  const tile = useMemo(() => watermarkTile(essay.author.nickname), [essay.author.nickname]);
  const stats = useMemo(() => (essay.type === 'essay' ? readingStats(textOf(html)) : null), [essay.type, html]);
  return (
    <div className="details-watermark">
      <article className={`details-text details-text--${essay.type}`}>
        {essay.type === 'sentence' ? (
          <>
            <h1 className="details-text__sentence serif">{essay.content}</h1>
            <p className="details-text__source serif">
              —— <SourceText essay={essay} />
            </p>
          </>
        ) : (
          <>
            <h1 className="details-text__title serif">{essay.title}</h1>
            <p className="details-text__byline">
              <span>{essay.author.nickname}</span>
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
            <div className="details-text__body rich-text serif" dangerouslySetInnerHTML={{ __html: html }} />
            {essay.source ? (
              <p className="details-text__source details-text__source--essay serif">
                —— <SourceText essay={essay} />
              </p>
            ) : null}
          </>
        )}
      </article>
      <div
        className="details-watermark__layer"
        aria-hidden="true"
        style={{ backgroundImage: `url("${tile.url}")`, backgroundSize: `${tile.width}px ${tile.height}px`, zIndex: WATERMARK.zIndex }}
      />
    </div>
  );
}
