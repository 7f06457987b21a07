/** The header menu (docs/rules.md#screens): label, target and the routes that light it up. */
export interface NavItem {
  key: string;
  label: string;
  to: string;
  match: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { key: 'home', label: '首页', to: '/home', match: ['/home'] },
  { key: 'classify', label: '分类', to: '/classifyDetails', match: ['/classifyDetails'] },
  { key: 'leaderboard', label: '排行榜', to: '/leaderboard', match: ['/leaderboard'] },
  { key: 'bestWeek', label: '每周精选', to: '/bestWeek', match: ['/bestWeek'] },
  { key: 'imitative', label: '仿写', to: '/imitative', match: ['/imitative'] },
  { key: 'bulletin', label: '公告', to: '/bulletinBoard', match: ['/bulletinBoard', '/bulletinDetails'] },
];

export function isNavActive(item: NavItem, pathname: string): boolean {
  return item.match.includes(pathname);
}
