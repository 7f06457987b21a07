import { Tabs } from 'antd';
import { useState } from 'react';
import { useInfiniteList } from '../../api/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import { EssayCard } from '../../components/EssayCard.js';
import { InfiniteList } from '../../components/InfiniteList.js';
import { useSession } from '../../hooks/useSession.js';

type FeedKey = 'new' | 'hot' | 'forYou';

const PAGE_SIZE = 10;

function EssayFeed({ sort }: { sort: 'new' | 'hot' }) {
  const query = useInfiniteList('essaysPage', (pageNum) => ({ body: { pageNum, pageSize: PAGE_SIZE, sort } }), {
    quietCodes: ['B0501'],
  });
  return (
    <InfiniteList
      query={query}
      itemKey={(e) => e.id}
      renderItem={(e) => <EssayCard essay={e} />}
      empty={<EmptyState description="暂无内容，去写第一句？" />}
    />
  );
}

function ForYouFeed() {
  const query = useInfiniteList('hobbyPage', (pageNum) => ({ query: { pageNum, pageSize: PAGE_SIZE } }), {
    quietCodes: ['B0501'],
  });
  return (
    <InfiniteList
      query={query}
      itemKey={(e) => e.id}
      renderItem={(e) => <EssayCard essay={e} />}
      empty={<EmptyState description="还没有为你推荐的内容，去「我的兴趣」挑几个标签吧" />}
    />
  );
}

/** 最新 / 最热 / 为你推荐 (the last one for signed-in users, from their interests). */
export function Feed() {
  const user = useSession();
  const [tab, setTab] = useState<FeedKey>('new');
  const active = tab === 'forYou' && !user ? 'new' : tab;
  return (
    <Tabs
      className="feed"
      activeKey={active}
      onChange={(k) => setTab(k as FeedKey)}
      destroyOnHidden
      items={[
        { key: 'new', label: '最新', children: <EssayFeed sort="new" /> },
        { key: 'hot', label: '最热', children: <EssayFeed sort="hot" /> },
        ...(user ? [{ key: 'forYou' as const, label: '为你推荐', children: <ForYouFeed /> }] : []),
      ]}
    />
  );
}
