import { EmptyState } from '../../../../components/EmptyState.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { AnnouncementItem } from '../../components/AnnouncementItem.js';
import { useSession } from '../../../../hooks/useSession.js';
import { announcementQueries } from '../../api/announcements.js';
import { usePagedList } from '../../../../api/define.js';

export const BULLETIN_PAGE_SIZE = 10;

/** /bulletinBoard: announcements, pinned first; unread ones marked for signed-in readers. */
export default function BulletinBoard() {
  const me = useSession();
  const query = usePagedList(announcementQueries.board(me?.id ?? null, BULLETIN_PAGE_SIZE));
  return (
    <div className="page page--narrow bulletin">
      <h1 className="page__title">公告</h1>
      <p className="page__lead">拾句编辑部的消息：新功能、活动与社区约定。</p>
      <InfiniteList
        query={query}
        itemKey={(a) => a.id}
        renderItem={(a) => <AnnouncementItem a={a} showUnread={me !== null} />}
        empty={<EmptyState description="暂时还没有公告，先去首页读几句吧" />}
      />
    </div>
  );
}
