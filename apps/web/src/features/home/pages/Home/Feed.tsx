import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { RouterButton } from '../../../../components/RouterButton.js';
import { EssayCard, useEssayFeed, WriteButton } from '../../../essays/index.js';
import { InfiniteList, ListSkeleton } from '../../../../components/InfiniteList.js';
import { useSession } from '../../../../hooks/useSession.js';
import { interestQueries } from '../../../interests/index.js';
import { usePagedList } from '../../../../api/define.js';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from '../../../../components/ui/Tabs.js';

/** Only signed-in readers who open 关注 need it (and the follow buttons it brings). */
const FollowingFeed = lazy(() => import('./FollowingFeed.js'));

export type FeedKey = 'new' | 'hot' | 'forYou' | 'following';

export const FEED_PAGE_SIZE = 10;
const PAGE_SIZE = FEED_PAGE_SIZE;
/** Three pages come by scrolling; then 加载更多, so the sidebar's boxes (below the feed on phones) and the footer stay reachable. */
const SCROLL_UNTIL = 3 * PAGE_SIZE;

function EssayFeed({ sort }: { sort: 'new' | 'hot' }) {
  const query = useEssayFeed({ pageSize: PAGE_SIZE, sort });
  return (
    <InfiniteList
      query={query}
      itemKey={(e) => e.id}
      renderItem={(e) => <EssayCard essay={e} />}
      scrollUntil={SCROLL_UNTIL}
      empty={<EmptyState description="暂无内容，去写第一句？" action={<WriteButton />} />}
      endText="—— 已经到底了，去写一句自己的吧 ——"
    />
  );
}

function InterestFeed() {
  const query = usePagedList(interestQueries.feed(PAGE_SIZE));
  return (
    <InfiniteList
      query={query}
      itemKey={(e) => e.id}
      renderItem={(e) => <EssayCard essay={e} />}
      scrollUntil={SCROLL_UNTIL}
      empty={
        <EmptyState
          description="你关注的标签下暂时还没有新内容，多挑几个兴趣试试"
          action={<RouterButton to="/myInterest">调整我的兴趣</RouterButton>}
        />
      }
      endText="—— 推荐就到这里，明天再来看看 ——"
    />
  );
}

/** 为你推荐: the interest feed, or a way to pick interests first. */
function ForYouFeed() {
  const interests = useQuery(interestQueries.mine());
  if (interests.isPending) return <ListSkeleton />;
  if (!interests.data || interests.data.tagIds.length === 0) {
    return (
      <EmptyState
        description="挑几个感兴趣的标签，我们就能为你推荐了"
        action={
          <RouterButton to="/myInterest" type="primary">
            去选择兴趣
          </RouterButton>
        }
      />
    );
  }
  return <InterestFeed />;
}

/** The tab the address asks for (?tab=hot|forYou|following), as this reader can have it. */
export function feedTab(params: URLSearchParams, signedIn: boolean): FeedKey {
  const asked = params.get('tab');
  const tab: FeedKey = asked === 'hot' || asked === 'forYou' || asked === 'following' ? asked : 'new';
  return (tab === 'forYou' || tab === 'following') && !signedIn ? 'new' : tab;
}

/** 最新 / 最热 / 为你推荐 / 关注 (the last two for signed-in users: their interests, the people they follow). */
export function Feed() {
  const user = useSession();
  // The tab lives in the URL (?tab=hot|forYou|following) so links such as 去首页看“为你推荐” land on it.
  const [params, setParams] = useSearchParams();
  const setTab = (k: FeedKey) => setParams(k === 'new' ? {} : { tab: k }, { replace: true, preventScrollReset: true });
  const active = feedTab(params, !!user);
  return (
    <Tabs<FeedKey>
      className="feed"
      activeKey={active}
      onChange={setTab}
      items={[
        { key: 'new', label: '最新', children: <EssayFeed sort="new" /> },
        { key: 'hot', label: '最热', children: <EssayFeed sort="hot" /> },
        ...(user
          ? [
              { key: 'forYou' as const, label: '为你推荐', children: <ForYouFeed /> },
              {
                key: 'following' as const,
                label: '关注',
                children: (
                  <Suspense fallback={<ListSkeleton />}>
                    <FollowingFeed />
                  </Suspense>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
