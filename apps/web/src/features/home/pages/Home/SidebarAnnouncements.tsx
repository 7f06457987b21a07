import { Link } from 'react-router';
import { QueryState } from '../../../../components/QueryState.js';
import { Section } from '../../../../components/Section.js';
import { RelativeTime } from '../../../../components/RelativeTime.js';
import { announcementQueries } from '../../../announcements/index.js';
import { useQuery } from '@tanstack/react-query';

export const SIDEBAR_ANNOUNCEMENTS = 3;

/** The latest three announcements (pinned first). */
export function SidebarAnnouncements() {
  const query = useQuery(announcementQueries.latest(SIDEBAR_ANNOUNCEMENTS));
  return (
    <Section title="公告" className="side-box panel" extra={<Link to="/bulletinBoard">更多</Link>}>
      <QueryState query={query} compact isEmpty={(d) => d.list.length === 0} empty={<p className="muted">暂无公告</p>}>
        {(d) => (
          <ul className="notice-list">
            {d.list.map((a) => (
              <li key={a.id}>
                <Link to={`/bulletinDetails?id=${a.id}`} className="notice-list__title">
                  {a.pinned ? <span className="notice-list__pin">置顶</span> : null}
                  {a.title}
                </Link>
                <RelativeTime className="notice-list__time" value={a.publishedAt} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
