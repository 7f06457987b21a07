import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { RequireSignIn } from '../../../../components/RequireSignIn.js';
import { AnnouncementItem, announcementQueries } from '../../../announcements/index.js';
import { useUnreadCounts } from '../../components/unread.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useSearchParamChoice } from '../../../../hooks/useSearchParamChoice.js';
import '../../../people/components/people.css';
import { MessageItem } from './MessageItem.js';
import { INFORM_TAB_KEYS, INFORM_TABS, MESSAGE_TYPES, unreadOf, type InformTab } from './tabs.js';
import { useMessageFeed } from '../../api/useMessageFeed.js';
import { useMarkAllRead } from '../../api/messages.js';
import { usePagedList } from '../../../../api/define.js';
import { UrlTabs } from '../../../../components/UrlTabs.js';

const EMPTY: Record<InformTab['key'], { text: string; action?: { to: string; label: string } }> = {
  comment: { text: '还没有评论和回复。多写几句，和读者聊起来吧', action: { to: '/editorialEssay', label: '去写作' } },
  like: { text: '还没有人喜欢或收藏你的作品，好句子总会被看见', action: { to: '/editorialEssay', label: '去写作' } },
  follow: { text: '还没有新粉丝。坚持写下去，会有人关注你的' },
  imitate: { text: '还没有人仿写你的句子', action: { to: '/imitative', label: '看看大家在仿写什么' } },
  system: { text: '没有系统通知' },
  announcement: { text: '暂时还没有公告' },
};

function Empty({ tab }: { tab: InformTab['key'] }) {
  const e = EMPTY[tab];
  return (
    <EmptyState
      description={e.text}
      action={
        e.action ? (
          <LinkButton to={e.action.to} size="small">
            {e.action.label}
          </LinkButton>
        ) : null
      }
    />
  );
}

function MessageTab({ tab }: { tab: InformTab }) {
  const feed = useMessageFeed(tab.types);
  const unread = useUnreadCounts();
  // Counted after this list last loaded: messages that arrived while it was open.
  const arrived = feed.dataUpdatedAt > 0 && unread.dataUpdatedAt > feed.dataUpdatedAt ? unreadOf(tab, unread.data?.byType) : 0;
  return (
    <>
      {arrived > 0 ? (
        <button type="button" className="inform-arrived" onClick={() => void feed.refetch()}>
          有 {arrived} 条新通知，点击查看
        </button>
      ) : null}
      <InfiniteList query={feed} itemKey={(m) => m.id} renderItem={(m) => <MessageItem m={m} />} empty={<Empty tab={tab.key} />} />
    </>
  );
}

function AnnouncementTab() {
  const query = usePagedList(announcementQueries.mine(10));
  return (
    <InfiniteList
      query={query}
      itemKey={(a) => a.id}
      renderItem={(a) => <AnnouncementItem a={a} showUnread />}
      empty={<Empty tab="announcement" />}
    />
  );
}

function TabLabel({ label, unread }: { label: string; unread: number }) {
  return (
    <span className="inform-tab">
      {label}
      {unread > 0 ? <Badge dot className="inform-tab__dot" aria-label={`${unread} 条未读`} /> : null}
    </span>
  );
}

function Inform() {
  const choice = useSearchParamChoice<InformTab['key']>('type', INFORM_TAB_KEYS, 'comment');
  const tabKey = choice[0];
  const counts = useUnreadCounts();
  const announcements = useQuery(announcementQueries.unreadProbe());
  const byType = counts.data?.byType ?? {};
  const announcementsUnread = announcements.data?.unread ?? 0;
  const anyUnread = (counts.data?.total ?? 0) + announcementsUnread > 0;
  const markAllRead = useMarkAllRead({ onSuccess: () => toastSuccess('已全部标为已读') });
  const markAll = () =>
    markAllRead.mutate({
      unread: MESSAGE_TYPES.filter((t) => (byType[t] ?? 0) > 0).map((t) => [t, byType[t]!] as const),
      announcements: announcementsUnread,
    });

  const unreadFor = (t: InformTab) => (t.key === 'announcement' ? announcementsUnread : unreadOf(t, byType));
  const content = (t: InformTab): ReactNode => (t.key === 'announcement' ? <AnnouncementTab /> : <MessageTab tab={t} />);

  return (
    <div className="page page--narrow inform">
      <div className="inform__head">
        <h1 className="page__title">我的通知</h1>
        <Button icon={<CheckOutlined />} disabled={!anyUnread} loading={markAllRead.isPending} onClick={markAll}>
          全部标为已读
        </Button>
      </div>
      <UrlTabs
        className="inform-tabs"
        choice={choice}
        items={INFORM_TABS.map((t) => ({
          key: t.key,
          // The open tab's messages are being read: its dot would only flicker.
          label: <TabLabel label={t.label} unread={t.key === tabKey && t.key !== 'announcement' ? 0 : unreadFor(t)} />,
          children: content(t),
        }))}
      />
    </div>
  );
}

/** /myInform?type=: notifications by kind, with unread dots, and 全部标为已读. */
export default function MyInform() {
  return (
    <RequireSignIn what="我的通知">
      <Inform />
    </RequireSignIn>
  );
}
