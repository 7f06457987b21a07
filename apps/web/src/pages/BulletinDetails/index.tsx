import { LeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState.js';
import { QueryState } from '../../components/QueryState.js';
import { LinkButton } from '../../components/people/LinkButton.js';
import { useIdParam } from '../../components/people/useSearchParamChoice.js';
import { useSession } from '../../hooks/useSession.js';
import '../../components/people/people.css';
import { afterAnnouncementsRead, announcementQueries } from '../../api/queries/index.js';
import { useTitleName } from '../../shell/titleName.js';

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
  const queryClient = useQueryClient();
  const query = useQuery({ ...announcementQueries.one(id ?? 0), enabled: id !== null });
  useTitleName(id !== null ? query.data?.title : null);

  // Lists that show read state (公告, 我的通知 · 公告) are out of date now.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || !me) return;
    void afterAnnouncementsRead(queryClient);
  }, [loaded, me, queryClient]);

  return (
    <div className="page page--reading bulletin-details">
      <Link to="/bulletinBoard" className="back-link">
        <LeftOutlined aria-hidden /> 返回公告列表
      </Link>
      {id === null ? (
        <NotFound />
      ) : query.isPending ? (
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 8 }} />
      ) : (
        <QueryState query={query} notFound={<NotFound />}>
          {(a) => (
            <article className="bulletin-article panel">
              <header className="bulletin-article__head">
                <h1 className="bulletin-article__title serif">{a.title}</h1>
                <p className="bulletin-article__meta">
                  {a.pinned ? <Tag color="volcano">置顶</Tag> : null}
                  <span>拾句编辑部</span>
                  <time dateTime={a.publishedAt}>{dayjs(a.publishedAt).format('YYYY年M月D日 HH:mm')}</time>
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
