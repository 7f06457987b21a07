import type { ReactNode } from 'react';
import { Tabs } from './ui/Tabs.js';

export interface UrlTab<T extends string> {
  key: T;
  label: ReactNode;
  children: ReactNode;
}

interface Props<T extends string> {
  /** The open tab and how to open another: `useSearchParamChoice(param, keys, fallback)`. */
  choice: [T, (next: T, drop?: readonly string[]) => void];
  items: ReadonlyArray<UrlTab<T>>;
  /** Query-string parameters that belong to one tab only, dropped when another opens. */
  drop?: readonly string[];
  className?: string;
  extra?: ReactNode;
}

/**
 * The tabbed frame of the people pages (关注/粉丝, 我的空间, 我的通知, a user's works): the open tab lives in the
 * query string, so it survives a reload and can be linked to, and only the open tab is rendered (its list loads
 * when it is opened). Light tabs (ui/Tabs): the public people pages draw without antd.
 */
export function UrlTabs<T extends string>({ choice: [active, open], items, drop, className, extra }: Props<T>) {
  return <Tabs className={className} activeKey={active} onChange={(k) => open(k, drop)} extra={extra} items={[...items]} />;
}
