/** The 21 routes of the seed spec (and the two legal pages, the author page) with their titles (page title: `拾句 | <title>`). */
export const PAGES = [
  { path: '/home', title: '首页' },
  { path: '/classifyDetails', title: '分类详情' },
  { path: '/space', title: '个人中心' },
  { path: '/bellesDetails', title: '句子详情' },
  { path: '/leaderboard', title: '排行榜' },
  { path: '/bestWeek', title: '每周精选' },
  { path: '/imitative', title: '仿写' },
  { path: '/editorialEssay', title: '写作' },
  { path: '/othersInfor', title: '用户主页' },
  { path: '/myInterest', title: '我的兴趣' },
  { path: '/bulletinBoard', title: '公告' },
  { path: '/myOrder', title: '我的订单' },
  { path: '/bulletinDetails', title: '公告详情' },
  { path: '/othersRelation', title: '关注与粉丝' },
  { path: '/othersLike', title: 'TA的喜欢' },
  { path: '/othersCollect', title: 'TA的收藏' },
  { path: '/myInform', title: '我的通知' },
  { path: '/globalSearch', title: '搜索' },
  { path: '/authentication', title: '登录 / 注册' },
  { path: '/aboutOur', title: '关于我们' },
  // Not in the seed: an author's page (作者页), reached from the search author card and quoted authors' names.
  { path: '/author', title: '作者' },
  // Not in the seed: the versioned legal pages the sign-up form links (PIPL consent).
  { path: '/agreement', title: '用户协议' },
  { path: '/privacy', title: '隐私政策' },
  // Not in the seed: a reader's public 收藏夹.
  { path: '/collection', title: '收藏夹' },
  // Not in the seed: 每日回顾 and 默写 of one's collected lines.
  { path: '/review', title: '每日回顾' },
] as const;

export const SITE_NAME = '拾句';
/** Where the footer's ICP 备案号 links: the MIIT's public register of filings. */
export const ICP_REGISTER = 'https://beian.miit.gov.cn/';

/** The announcement a new site starts with that explains membership; /myOrder points to it while buying is closed. */
export const MEMBERSHIP_NOTICE_TITLE = '会员服务说明';
export const pageTitle = (title: string) => `${SITE_NAME} | ${title}`;

/**
 * The route title of a page that shows one named thing (a text, a classification, an author, an announcement, a
 * user): the seed's route title, then ` · ` and the name (`句子详情 · 静夜思`). The tab title stays the seed's rule,
 * product, separator, route title (`拾句 | 句子详情 · 静夜思`); without a name it is the route title alone. The
 * server's page and the app name a page the same way.
 */
export function namedRouteTitle(routeTitle: string, name: string | null | undefined): string {
  const n = name?.replace(/\s+/g, ' ').trim();
  return n ? `${routeTitle} · ${n}` : routeTitle;
}

/** A text's display title: its own, or the start of its words (sentences have none), at most 24 characters. */
export function textTitle(e: { title?: string | null; summary: string }): string {
  const own = e.title?.trim();
  if (own) return own;
  const chars = [...e.summary.replace(/\s+/g, ' ').trim()];
  return chars.length > 24 ? `${chars.slice(0, 24).join('')}…` : chars.join('');
}
