import type { UserInfo } from '@shiju/contract';

/** The signed-in user's menu, shared by the header dropdown and the mobile drawer. */
export const USER_LINKS = [
  { key: 'space', label: '个人中心', to: '/space' },
  { key: 'myInterest', label: '我的兴趣', to: '/myInterest' },
  { key: 'myOrder', label: '我的订单', to: '/myOrder' },
] as const;

/** Only editors (and readers granted 注释编辑) see the way into the console; everyone else would meet the 404 page there. */
const ADMIN_LINK = { key: 'admin', label: '管理后台', to: '/admin' } as const;

export type UserLink = (typeof USER_LINKS)[number] | typeof ADMIN_LINK;

export function userLinks(user: Pick<UserInfo, 'role' | 'noteEditor'>): readonly UserLink[] {
  return user.role === 'admin' || user.noteEditor ? [...USER_LINKS, ADMIN_LINK] : USER_LINKS;
}

export const SIGN_OUT_LABEL = '退出登录';
