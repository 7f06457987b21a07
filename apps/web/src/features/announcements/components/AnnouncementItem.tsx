import { Link } from 'react-router';
import type { PageItem } from '../../../api/index.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import '../../people/components/people.css';

type Announcement = PageItem<'announcementsPage'>;

/** One announcement in a list: 置顶 tag, title, summary, date; a dot while a signed-in reader has not opened it. */
export function AnnouncementItem({ a, showUnread }: { a: Announcement; showUnread: boolean }) {
  const unread = showUnread && !a.read;
  return (
    <Link to={`/bulletinDetails?id=${a.id}`} className={unread ? 'bulletin-item is-unread' : 'bulletin-item'}>
      <div className="bulletin-item__head">
        {a.pinned ? <span className="tag-label tag-label--volcano bulletin-item__pin">置顶</span> : null}
        <h2 className="bulletin-item__title serif">{a.title}</h2>
        {unread ? <span className="unread-dot" aria-label="未读" /> : null}
      </div>
      <p className="bulletin-item__summary clamp">{a.summary}</p>
      <RelativeTime className="bulletin-item__time" value={a.publishedAt} />
    </Link>
  );
}
