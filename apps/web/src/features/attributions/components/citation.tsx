import type { Citation } from '@shiju/contract';

/** A 出处's parts in reading order (《谭嗣同全集》 · 卷三 · 中华书局 1981 · 第 287 页), and its link with rel=nofollow. */
export function CitationText({ citation }: { citation: Citation }) {
  const parts = [
    citation.work ? `《${citation.work.replace(/^《|》$/g, '')}》` : null,
    citation.chapter ?? null,
    citation.edition ?? null,
    citation.page ? `第 ${citation.page} 页` : null,
  ].filter((p): p is string => !!p);
  return (
    <span className="citation">
      {parts.length ? <cite>{parts.join(' · ')}</cite> : null}
      {citation.url ? (
        <>
          {parts.length ? ' · ' : null}
          <a className="citation__link" href={citation.url} rel="nofollow noopener noreferrer ugc" target="_blank">
            原始链接
          </a>
        </>
      ) : null}
    </span>
  );
}
