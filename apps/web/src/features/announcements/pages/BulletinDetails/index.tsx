import dayjs from 'dayjs';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { QueryState } from '../../../../components/QueryState.js';
import { RelativeTime } from '../../../../components/RelativeTime.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useIdParam } from '../../../../hooks/useSearchParamChoice.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { LeftOutlined } from '../../../../components/ui/icons.js';
import { Skeleton } from '../../../../components/ui/Skeleton.js';
import { useSession } from '../../../../hooks/useSession.js';
import '../../../people/components/people.css';
import { useAnnouncement } from '../../api/announcements.js';
import { useTitleName } from '../../../../lib/titleName.js';

/** When an announcement went out, to the minute, by the reader's clock. */
const publishedOn = (iso: string) => dayjs(iso).format('YYYY年M月D日 HH:mm');

function NotFound() {
  return (
    <EmptyState
      description="这则公告不存在或已撤下"
      action={
        <LinkButton to="/bulletinBoard" size="small">
          查看全部公告
        </LinkButton>
      }
    />
  );
}

/** /bulletinDetails?id=: one announcement. Opening it marks it read for a signed-in reader (the call does). */
export default function BulletinDetails() {
  const id = useIdParam();
  const me = useSession();
  const query = useAnnouncement(id, me !== null);
  useTitleName(id !== null ? query.data?.title : null);

  return (
    <div className="page page--reading bulletin-details">
      <Link to="/bulletinBoard" className="back-link">
        <Icon icon={LeftOutlined} /> 返回公告列表
      </Link>
      {id === null ? (
        <NotFound />
      ) : query.isPending ? (
        <Skeleton title="60%" rows={8} />
      ) : (
        <QueryState query={query} notFound={<NotFound />}>
          {(a) => (
            <article className="bulletin-article panel">
              <header className="bulletin-article__head">
                <h1 className="bulletin-article__title serif">{a.title}</h1>
                <p className="bulletin-article__meta">
                  {a.pinned ? <span className="tag-label tag-label--volcano">置顶</span> : null}
                  <span>拾句编辑部</span>
                  <RelativeTime value={a.publishedAt} format={publishedOn} />
                </p>
              </header>
              {/* Announcement HTML is sanitised by the server on write; this is the only field rendered as HTML. */}
              <div className="bulletin-article__content rich-text serif" dangerouslySetInnerHTML={{ __html: a.content }} />
            </article>
          )}
        </QueryState>
      )}
    </div>
  );
}
