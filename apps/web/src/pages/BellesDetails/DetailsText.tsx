import { Watermark } from 'antd';
import { Link } from 'react-router';
import { WATERMARK, watermarkText } from '../../components/essay/constants.js';
import { classifyHref } from '../../components/essay/links.js';
import { SourceText } from '../../components/essay/SourceLine.js';
import { useMemo } from 'react';
import { formatRelativeTime, readingStats } from '../../lib/format.js';
import type { Details } from './useDetailsCache.js';

/**
 * The text itself under the watermark: a sentence large and centred (it is the page's heading), an essay with
 * title, word count and reading time, cover and body.
 */
export function DetailsText({ essay, html }: { essay: Details; html: string }) {
  const time = formatRelativeTime(essay.publishedAt ?? essay.createdAt);
  const stats = useMemo(
    () => (essay.type === 'essay' ? readingStats(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '') : null),
    [essay.type, html],
  );
  return (
    <Watermark
      className="details-watermark"
      content={watermarkText(essay.author.nickname)}
      rotate={WATERMARK.rotate}
      gap={WATERMARK.gap}
      zIndex={WATERMARK.zIndex}
      font={{ color: 'rgba(60, 40, 20, 0.08)', fontSize: 15 }}
    >
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
              {time ? <span>{time}</span> : null}
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
    </Watermark>
  );
}
