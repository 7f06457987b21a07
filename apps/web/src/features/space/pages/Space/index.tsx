import { EditOutlined, HomeOutlined } from '@ant-design/icons';
import type { UserInfo } from '@shiju/contract';
import { Button } from 'antd';
import { useEffect } from 'react';
import { QueryState } from '../../../../components/QueryState.js';
import { RequireSignIn } from '../../../../components/RequireSignIn.js';
import { ProfileCard, ProfileCardSkeleton, type ProfileStat, ReactedList, RelationList } from '../../../people/index.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useSearchParamChoice } from '../../../../hooks/useSearchParamChoice.js';
import { MyCollections } from '../../../collections/index.js';
import { MyHighlights } from '../../../highlights/index.js';
import { ReviewPanel } from '../../../review/index.js';
import { saveUserInfo } from '../../../../lib/session.js';
import { MyDrafts, MyWorks } from './MyWorks.js';
import { Settings } from './Settings.js';
import { MyReports } from './MyReports.js';
import { userQueries } from '../../../account/index.js';
import { useQuery } from '@tanstack/react-query';
import { UrlTabs } from '../../../../components/UrlTabs.js';
import { SiteLinks } from '../../../site/index.js';

const TABS = ['works', 'drafts', 'likes', 'collects', 'highlights', 'following', 'followers', 'reports', 'settings'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABEL: Record<Tab, string> = {
  works: '我的作品',
  drafts: '草稿',
  likes: '喜欢',
  collects: '收藏',
  highlights: '我的划线',
  following: '关注',
  followers: '粉丝',
  reports: '我的举报',
  settings: '设置',
};

function tabContent(tab: Tab, me: UserInfo) {
  switch (tab) {
    case 'works':
      return <MyWorks />;
    case 'drafts':
      return <MyDrafts />;
    case 'likes':
      return <ReactedList userId={me.id} kind="like" own />;
    case 'collects':
      return <MyCollections />;
    case 'highlights':
      return <MyHighlights />;
    case 'following':
      return <RelationList userId={me.id} type="following" own />;
    case 'followers':
      return <RelationList userId={me.id} type="followers" own />;
    case 'reports':
      return <MyReports />;
    case 'settings':
      return <Settings me={me} />;
  }
}

function SpaceView({ me }: { me: UserInfo }) {
  const choice = useSearchParamChoice<Tab>('tab', TABS, 'works');
  const [tab, setTab] = choice;
  // `status` belongs to 我的作品 only.
  const go = (t: Tab) => setTab(t, ['status']);
  const profile = useQuery(userQueries.profile(me.id));
  const counts = profile.data;
  const stat = (label: string, value: number | undefined, to?: Tab): ProfileStat => ({
    label,
    value: value ?? 0,
    onClick: to ? () => go(to) : undefined,
    active: to !== undefined && tab === to,
  });

  return (
    <>
      <ProfileCard
        user={{ ...me, isMember: me.memberUntil !== null && Date.parse(me.memberUntil) > Date.now() }}
        subtitle={<span className="profile__handle">@{me.username}</span>}
        emptyBio="还没有写个人简介，去“设置”里介绍一下自己吧。"
        stats={[
          stat('作品', counts?.essays, 'works'),
          stat('关注', counts?.following, 'following'),
          stat('粉丝', counts?.followers, 'followers'),
          stat('获赞', counts?.likesReceived),
        ]}
        actions={
          <>
            <Button icon={<EditOutlined />} onClick={() => go('settings')}>
              编辑资料
            </Button>
            <LinkButton to={`/othersInfor?id=${me.id}`} icon={<HomeOutlined />}>
              我的主页
            </LinkButton>
          </>
        }
      />
      <ReviewPanel />
      <UrlTabs
        className="space-tabs"
        choice={choice}
        drop={['status']}
        items={TABS.map((t) => ({ key: t, label: TAB_LABEL[t], children: tabContent(t, me) }))}
      />
      {/* 我的 on a phone: the footer's links, within reach below the tabs. */}
      <div className="space__site-links">
        <SiteLinks />
      </div>
    </>
  );
}

function Space() {
  const query = useQuery(userQueries.me());
  const me = query.data;

  // Keep the stored userInfo (the header's nickname and avatar) in step with the server.
  useEffect(() => {
    if (me) saveUserInfo(me);
  }, [me]);

  return (
    <div className="page page--narrow space">
      {query.isPending ? <ProfileCardSkeleton /> : <QueryState query={query}>{(data) => <SpaceView me={data} />}</QueryState>}
    </div>
  );
}

/** /space: my profile, my texts by status, drafts, likes, collections, following, followers and settings. */
export default function SpacePage() {
  return (
    <RequireSignIn what="个人中心">
      <Space />
    </RequireSignIn>
  );
}
