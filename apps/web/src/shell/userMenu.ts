/** The signed-in user's menu, shared by the header dropdown and the mobile drawer. */
export const USER_LINKS = [
  { key: 'space', label: '个人中心', to: '/space' },
  { key: 'myInterest', label: '我的兴趣', to: '/myInterest' },
  { key: 'myOrder', label: '我的订单', to: '/myOrder' },
] as const;

export const SIGN_OUT_LABEL = '退出登录';
