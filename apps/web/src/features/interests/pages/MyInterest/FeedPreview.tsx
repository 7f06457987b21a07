import type { Essay } from '@shiju/contract';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { QueryState } from '../../../../components/QueryState.js';
import { interestQueries } from '../../api/interests.js';
import { useQuery } from '@tanstack/react-query';

/** The home page's personal feed tab. */
export const FOR_YOU_HREF = '/home?tab=forYou';

function EssayLine({ essay }: { essay: Essay }) {
  const text = essay.type === 'essay' && essay.title ? essay.title : essay.summary;
  return (
    <Link to={`/bellesDetails?id=${essay.id}`} className="feed-preview__line">
      <span className="feed-preview__text serif clamp">{text}</span>
      <span className="feed-preview__source">{essay.source || essay.author.nickname}</span>
    </Link>
  );
}

/**
 * What 为你推荐 will bring: each interest tag with its newest texts (hobbyList). `focus` changes after a save,
 * which brings the preview into view.
 */
export function FeedPreview({ focus }: { focus: number }) {
  const query = useQuery(interestQueries.preview());
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focus > 0) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [focus]);

  return (
    <section ref={ref} className="feed-preview" id="interest-preview" aria-labelledby="feed-preview-title">
      <header className="feed-preview__head">
        <div>
          <h2 id="feed-preview-title" className="section__title">
            为你推荐 · 预览
          </h2>
          <p className="muted">首页“为你推荐”会按这些兴趣，为你挑选最新的句子与美文。</p>
        </div>
        <Link to={FOR_YOU_HREF}>
          <Button type="primary">去首页看“为你推荐”</Button>
        </Link>
      </header>
      <QueryState
        query={query}
        skeletonRows={6}
        isEmpty={(d) => d.every((g) => g.essays.length === 0)}
        empty={<EmptyState description="这些标签下暂时还没有新作品，多选几个兴趣试试？" />}
      >
        {(groups) => (
          <div className="feed-preview__grid">
            {groups.map(({ tag, essays }) => (
              <article key={tag.id} className="feed-preview__group panel">
                <h3 className="feed-preview__tag"># {tag.name}</h3>
                {essays.length === 0 ? (
                  <p className="muted">这个标签下暂时没有新作品。</p>
                ) : (
                  <ul className="feed-preview__list">
                    {essays.map((e) => (
                      <li key={e.id}>
                        <EssayLine essay={e} />
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
