import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { pages } from 'virtual:shiju-calls';
import { AdminRoute } from './shell/AdminRoute.js';
import { Layout } from './shell/Layout.js';
import { lazyPage } from './shell/lazyPage.js';
import { RouteError } from './shell/RouteError.js';
import { SITE_META, type RouteHandle } from './shell/routeHandle.js';

type PagePath = (typeof pages)[number]['path'];

interface PageDef extends Omit<RouteHandle, 'title'> {
  load: () => Promise<{ default: ComponentType }>;
  /** Built without antd (see lazyPage). */
  light?: boolean;
}

/**
 * Each route of docs/rules.md#routes (paths and titles come from the contract's PAGES), loaded on demand. The Record type
 * makes a route without a page a compile error.
 */
const PAGE_DEFS: Record<PagePath, PageDef> = {
  '/home': { load: () => import('./features/home/pages/Home/index.js'), meta: SITE_META, light: true },
  '/classifyDetails': {
    load: () => import('./features/classify/pages/ClassifyDetails/index.js'),
    light: true,
    keepAlive: true,
    meta: {
      keywords: '拾句,句子分类,美句,散文,诗词,情感,励志,影视台词,书摘,歌词',
      description: '按分类和标签浏览拾句里的句子与美文：美句、散文、诗词、情感、励志、影视台词、书摘、歌词。',
    },
  },
  '/space': { load: () => import('./features/space/pages/Space/index.js') },
  '/bellesDetails': { load: () => import('./features/text/pages/BellesDetails/index.js'), light: true },
  '/leaderboard': { load: () => import('./features/discovery/pages/Leaderboard/index.js'), light: true },
  '/bestWeek': {
    load: () => import('./features/discovery/pages/BestWeek/index.js'),
    light: true,
    meta: {
      keywords: '拾句,每周精选,本周好句,精选美文,句子推荐',
      description: '拾句每周精选：每周一从上一周发布的作品中选出最受喜爱的 20 篇，往期精选随时可读。',
    },
  },
  '/imitative': { load: () => import('./features/imitation/pages/Imitative/index.js') },
  '/editorialEssay': { load: () => import('./features/write/pages/EditorialEssay/index.js') },
  '/othersInfor': { load: () => import('./features/people/pages/OthersInfor/index.js'), light: true },
  '/myInterest': { load: () => import('./features/interests/pages/MyInterest/index.js') },
  '/bulletinBoard': { load: () => import('./features/announcements/pages/BulletinBoard/index.js'), light: true },
  '/myOrder': { load: () => import('./features/orders/pages/MyOrder/index.js') },
  '/bulletinDetails': { load: () => import('./features/announcements/pages/BulletinDetails/index.js'), light: true },
  '/othersRelation': { load: () => import('./features/people/pages/OthersRelation/index.js'), light: true },
  '/othersLike': { load: () => import('./features/people/pages/OthersLike/index.js') },
  '/othersCollect': { load: () => import('./features/collections/pages/OthersCollect/index.js') },
  '/myInform': { load: () => import('./features/messages/pages/MyInform/index.js') },
  '/globalSearch': { load: () => import('./features/discovery/pages/GlobalSearch/index.js'), light: true },
  '/authentication': { load: () => import('./features/auth/pages/Authentication/index.js') },
  '/aboutOur': { load: () => import('./features/site/pages/AboutOur/index.js'), light: true },
  '/author': { load: () => import('./features/authors/pages/Author/index.js'), light: true },
  '/agreement': { load: () => import('./features/site/pages/Agreement/index.js'), light: true },
  '/privacy': { load: () => import('./features/site/pages/Privacy/index.js'), light: true },
  '/collection': { load: () => import('./features/collections/pages/Collection/index.js'), light: true },
  '/review': { load: () => import('./features/review/pages/Review/index.js') },
};

export const NOT_FOUND_TITLE = '页面不存在';
export const ADMIN_TITLE = '管理后台';

/** A page's route; its id is its path (the key a kept page is drawn under, by the app and the server alike). */
function pageRoute(path: string, title: string, { load, light, ...rest }: PageDef): RouteObject {
  const handle: RouteHandle = { title, ...rest };
  return { id: path, path, handle, Component: lazyPage(load, { light }) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        // Pathless: errors (including a page chunk that fails to load) render inside the shell.
        ErrorBoundary: RouteError,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          ...pages.map((p) => pageRoute(p.path, p.title, PAGE_DEFS[p.path])),
          // Not one of the seed's pages: its sections are the path's tail (/admin/review …).
          { path: '/admin/*', handle: { title: ADMIN_TITLE } satisfies RouteHandle, Component: AdminRoute },
          pageRoute('*', NOT_FOUND_TITLE, { load: () => import('./features/site/pages/NotFound/index.js'), light: true }),
        ],
      },
    ],
  },
];

/** Starts fetching the code of the page at `pathname` (the router fetches the same module when it renders it). */
export function preloadPage(pathname: string): void {
  const def = (PAGE_DEFS as Record<string, PageDef | undefined>)[pathname];
  def?.load().catch(() => undefined);
}

export function createRouter() {
  return createBrowserRouter(routes);
}
