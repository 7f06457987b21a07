import type { MessageType } from '../../api/messages.js';

export interface InformTab {
  key: 'comment' | 'like' | 'follow' | 'imitate' | 'system' | 'announcement';
  label: string;
  /** The message types it lists; the 公告 tab lists announcements instead. */
  types: readonly MessageType[];
}

/** The tabs of /myInform (docs/rules.md#screens); `key` is the `?type=` value. */
export const INFORM_TABS: readonly InformTab[] = [
  { key: 'comment', label: '评论和回复', types: ['comment', 'reply'] },
  { key: 'like', label: '喜欢和收藏', types: ['like', 'collect'] },
  { key: 'follow', label: '新粉丝', types: ['follow'] },
  { key: 'imitate', label: '仿写', types: ['imitate'] },
  { key: 'system', label: '系统通知', types: ['system'] },
  { key: 'announcement', label: '公告', types: [] },
];

export const INFORM_TAB_KEYS = INFORM_TABS.map((t) => t.key);

/** Every message type, for marking all read. */
export const MESSAGE_TYPES: readonly MessageType[] = INFORM_TABS.flatMap((t) => t.types);

export function unreadOf(tab: InformTab, byType: Record<string, number> | undefined): number {
  return tab.types.reduce((n, t) => n + (byType?.[t] ?? 0), 0);
}
