import { Link } from 'react-router';
import { QueryState } from '../../../../components/QueryState.js';
import { Section } from '../../../../components/Section.js';
import { discoveryQueries, weekRangeLabel } from '../../../discovery/index.js';
import { useQuery } from '@tanstack/react-query';
import { previousWeek } from '@shiju/contract/core';
import { Carousel } from '../../../../components/ui/Carousel.js';

const TOP = 5;

/**
 * The latest frozen list's best five, as a carousel. A list is frozen on Monday from the week before, so it
 * is named for what it is: 上周精选 (or 每周精选 for an older one), with its dates.
 */
export function FeaturedWeek() {
  const query = useQuery(discoveryQueries.bestWeek());
  const week = query.data?.week ?? null;
  const title = week ? (
    <>
      {week === previousWeek() ? '上周精选' : '每周精选'}
      <small className="section__subtitle muted">{weekRangeLabel(week)}</small>
    </>
  ) : (
    '每周精选'
  );
  return (
    <Section title={title} extra={<Link to="/bestWeek">全部精选</Link>}>
      <QueryState
        query={query}
        compact
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="muted">第一期精选还在评选中，下周一揭晓。</p>}
      >
        {(d) => (
          <Carousel interval={6000} className="featured panel" label="精选句子">
            {d.list.slice(0, TOP).map((e) => (
              <Link key={e.id} to={`/bellesDetails?id=${e.id}`} className="featured__slide">
                <p className="featured__text serif clamp clamp--3">{e.type === 'sentence' ? e.summary : e.title}</p>
                <p className="featured__source serif">—— {e.source || e.author.nickname}</p>
              </Link>
            ))}
          </Carousel>
        )}
      </QueryState>
    </Section>
  );
}
