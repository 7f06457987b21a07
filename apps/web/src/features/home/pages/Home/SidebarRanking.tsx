import { Link } from 'react-router';
import { QueryState } from '../../../../components/QueryState.js';
import { Section } from '../../../../components/Section.js';
import { discoveryQueries } from '../../../discovery/index.js';
import { useQuery } from '@tanstack/react-query';

/** How many of today's ranking the sidebar shows. */
export const SIDEBAR_RANKING_SIZE = 10;

/** Today's hot ranking, top 10. */
export function SidebarRanking() {
  const query = useQuery(discoveryQueries.rankingTop('day', SIDEBAR_RANKING_SIZE));
  return (
    <Section title="今日热榜" className="side-box panel" extra={<Link to="/leaderboard">完整榜单</Link>}>
      <QueryState query={query} compact isEmpty={(d) => d.list.length === 0} skeletonRows={6}>
        {(d) => (
          <ol className="rank-list">
            {d.list.map((e) => (
              <li key={e.id} className={e.rank <= 3 ? 'rank-list__item is-top' : 'rank-list__item'}>
                <span className="rank-list__no">{e.rank}</span>
                <Link to={`/bellesDetails?id=${e.id}`} className="rank-list__text serif">
                  {e.title || e.summary}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </Section>
  );
}
