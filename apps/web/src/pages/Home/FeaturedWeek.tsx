import { Carousel } from 'antd';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState.js';
import { Section } from '../../components/Section.js';
import { discoveryQueries } from '../../api/queries/index.js';
import { useQuery } from '@tanstack/react-query';

const TOP = 5;

/** The current week's best five, as a carousel. */
export function FeaturedWeek() {
  const query = useQuery(discoveryQueries.bestWeek());
  return (
    <Section title="本周精选" extra={<Link to="/bestWeek">全部精选</Link>}>
      <QueryState
        query={query}
        compact
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="muted">本周精选还在评选中，下周一揭晓。</p>}
      >
        {(d) => (
          <Carousel autoplay autoplaySpeed={6000} className="featured panel">
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
