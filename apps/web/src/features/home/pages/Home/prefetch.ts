import type { QueryClient } from '@tanstack/react-query';
import { SIDEBAR_AD_POSITION } from '../../../../api/index.js';
import { adQueries } from '../../../ads/index.js';
import { announcementQueries } from '../../../announcements/index.js';
import { classificationQueries } from '../../../classifications/index.js';
import { discoveryQueries } from '../../../discovery/index.js';
import { essayQueries, openQueries } from '../../../essays/index.js';
import { FEED_PAGE_SIZE, feedTab } from './Feed.js';
import { SIDEBAR_ANNOUNCEMENTS } from './SidebarAnnouncements.js';
import { SIDEBAR_RANKING_SIZE } from './SidebarRanking.js';

/** Every answer 首页 draws from for a visitor (the server prerenders with them: ssr/render.tsx). */
export async function prefetchHome(client: QueryClient, params: URLSearchParams): Promise<void> {
  const tab = feedTab(params, false);
  await Promise.all([
    client.prefetchInfiniteQuery(essayQueries.feed({ pageSize: FEED_PAGE_SIZE, sort: tab === 'hot' ? 'hot' : 'new' })),
    client.prefetchQuery(discoveryQueries.bestWeek()),
    client.prefetchQuery(classificationQueries.list()),
    client.prefetchQuery(openQueries.sentence()),
    client.prefetchQuery(discoveryQueries.rankingTop('day', SIDEBAR_RANKING_SIZE)),
    client.prefetchQuery(announcementQueries.latest(SIDEBAR_ANNOUNCEMENTS)),
    client.prefetchQuery(adQueries.atPosition(SIDEBAR_AD_POSITION)),
  ]);
}
