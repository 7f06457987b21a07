/**
 * The server's prerendering of the reader's first pages (built by `vite build --ssr` into dist/ssr/render.js and
 * loaded by the server, apps/server/src/modules/seo): 首页 and a text's page drawn by the app's own components from
 * the answers of the app's own calls, in the same tree the browser's app renders (providers, shell, page
 * boundary), so the app takes the markup over as it is (hydration, main.tsx): same markup, same layout, same words,
 * nothing drawn twice. The answers travel with the page (applyServerState) so the app does not ask for them again.
 */
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient } from '../api/queryClient.js';
import { siteQueries } from '../features/site/index.js';
import { setTransport } from '../api/request.js';
import BellesDetails from '../features/text/pages/BellesDetails/index.js';
import { prefetchDetails } from '../features/text/pages/BellesDetails/prefetch.js';
import Agreement from '../features/site/pages/Agreement/index.js';
import Author from '../features/authors/pages/Author/index.js';
import { prefetchAuthor } from '../features/authors/pages/Author/prefetch.js';
import Home from '../features/home/pages/Home/index.js';
import AboutOur from '../features/site/pages/AboutOur/index.js';
import { prefetchAbout } from '../features/site/pages/AboutOur/prefetch.js';
import BulletinBoard from '../features/announcements/pages/BulletinBoard/index.js';
import { prefetchBoard } from '../features/announcements/pages/BulletinBoard/prefetch.js';
import BulletinDetails from '../features/announcements/pages/BulletinDetails/index.js';
import { prefetchBulletin } from '../features/announcements/pages/BulletinDetails/prefetch.js';
import GlobalSearch from '../features/discovery/pages/GlobalSearch/index.js';
import { prefetchSearch } from '../features/discovery/pages/GlobalSearch/prefetch.js';
import OthersInfor from '../features/people/pages/OthersInfor/index.js';
import { prefetchProfile } from '../features/people/pages/OthersInfor/prefetch.js';
import OthersRelation from '../features/people/pages/OthersRelation/index.js';
import { prefetchRelations } from '../features/people/pages/OthersRelation/prefetch.js';
import Privacy from '../features/site/pages/Privacy/index.js';
import BestWeek from '../features/discovery/pages/BestWeek/index.js';
import { prefetchBestWeek } from '../features/discovery/pages/BestWeek/prefetch.js';
import ClassifyDetails from '../features/classify/pages/ClassifyDetails/index.js';
import { prefetchClassification } from '../features/classify/pages/ClassifyDetails/prefetch.js';
import Leaderboard from '../features/discovery/pages/Leaderboard/index.js';
import { prefetchLeaderboard } from '../features/discovery/pages/Leaderboard/prefetch.js';
import { prefetchHome } from '../features/home/pages/Home/prefetch.js';
import { AppProviders } from '../shell/AppProviders.js';
import { KeptPage } from '../shell/KeepAlive.js';
import { AppHosts, ShellFrame } from '../shell/Layout.js';
import { PageBoundary } from '../shell/lazyPage.js';
import Collection from '../features/collections/pages/Collection/index.js';
import { prefetchCollection } from '../features/collections/pages/Collection/prefetch.js';
import { withServerZh } from '../features/reading/index.js';
import { zhVariantOf } from '@shiju/contract/core';

export { SERVER_STATE_ID } from '../api/queryClient.js';
export { setTransport };

export interface Prerendered {
  /** The app's markup for #root. */
  html: string;
  /** The answers it was drawn from, for the app's cache. */
  state: DehydratedState;
}

const PERSONAL_TABS = ['forYou', 'following'];

/** The routes the app keeps alive (router.tsx's keepAlive): it draws their page in a kept frame, and so does this. */
const KEPT_ALIVE = new Set(['/classifyDetails']);

const PAGES: Record<
  string,
  {
    page: () => ReactNode;
    /** The page's answers for a visitor, asked before drawing; false when the page would show a not-found or nothing. */
    prefetch: (client: ReturnType<typeof createQueryClient>, params: URLSearchParams, origin: string) => Promise<boolean>;
  }
> = {
  '/home': {
    page: () => <Home />,
    // 为你推荐 and 关注 are a signed-in reader's own: nothing for a visitor's copy to show.
    prefetch: async (client, params) => {
      if (PERSONAL_TABS.includes(params.get('tab') ?? '')) return false;
      await prefetchHome(client, params);
      return true;
    },
  },
  '/bellesDetails': {
    page: () => <BellesDetails />,
    prefetch: (client, params) => {
      const id = Number(params.get('id'));
      return Number.isInteger(id) && id > 0 ? prefetchDetails(client, id) : Promise.resolve(false);
    },
  },
  '/author': { page: () => <Author />, prefetch: prefetchAuthor },
  // The legal pages are words only: nothing to ask for.
  '/agreement': { page: () => <Agreement />, prefetch: () => Promise.resolve(true) },
  '/privacy': { page: () => <Privacy />, prefetch: () => Promise.resolve(true) },
  '/classifyDetails': { page: () => <ClassifyDetails />, prefetch: prefetchClassification },
  '/leaderboard': { page: () => <Leaderboard />, prefetch: prefetchLeaderboard },
  '/bestWeek': { page: () => <BestWeek />, prefetch: prefetchBestWeek },
  '/bulletinBoard': { page: () => <BulletinBoard />, prefetch: prefetchBoard },
  '/bulletinDetails': { page: () => <BulletinDetails />, prefetch: prefetchBulletin },
  // Words only, but for the site's address in its open API examples.
  '/aboutOur': { page: () => <AboutOur />, prefetch: (client, _params, origin) => prefetchAbout(client, origin) },
  '/othersInfor': { page: () => <OthersInfor />, prefetch: prefetchProfile },
  '/othersRelation': { page: () => <OthersRelation />, prefetch: prefetchRelations },
  '/globalSearch': { page: () => <GlobalSearch />, prefetch: prefetchSearch },
  '/collection': { page: () => <Collection />, prefetch: prefetchCollection },
};

/** The paths this module draws. */
export const PRERENDERED_PATHS = Object.keys(PAGES);

/**
 * The page at `url` (path and query) as a visitor sees it, or null when this module does not draw it. `origin` is
 * the site's address the page is drawn for (the server's PUBLIC_URL or the request's), for the words that name it.
 */
export async function prerender(url: string, origin = 'http://localhost'): Promise<Prerendered | null> {
  const { pathname, searchParams } = new URL(url, 'http://prerender.invalid');
  const def = PAGES[pathname];
  if (!def) return null;
  const client = createQueryClient();
  // The shell's own answer (the footer's ICP 备案号 comes with the theme) travels with every page.
  const [drawn] = await Promise.all([def.prefetch(client, searchParams, origin), client.prefetchQuery(siteQueries.theme())]);
  if (!drawn) return null;
  const page = <PageBoundary>{def.page()}</PageBoundary>;
  // A page asked in 繁體 (the server adds ?zh= for the cookie) shows stored Traditional originals.
  const html = withServerZh(zhVariantOf(searchParams.get('zh')), () =>
    renderToString(
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <ShellFrame after={<AppHosts />}>
              {KEPT_ALIVE.has(pathname) ? (
                <KeptPage id={pathname} active params={searchParams}>
                  {page}
                </KeptPage>
              ) : (
                page
              )}
            </ShellFrame>
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
  return { html, state: dehydrate(client) };
}
