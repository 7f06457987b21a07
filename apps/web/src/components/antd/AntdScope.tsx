/**
 * antd's context for the parts of the site built on it (every page but the reader's first ones, dialogs, the tour,
 * the editor's console): the site's colour, zh_CN, antd's App (message and notification hooks). Loaded with the
 * first of them, never by the shell or the reading pages (docs: README, the reader's first load).
 */
import { App, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { MESSAGE_DURATION, NOTIFICATION_DURATION } from '../../api/feedback.js';
import { useSiteTheme } from '../../hooks/useSiteTheme.js';
import { useDarkTheme } from '../../hooks/useDarkTheme.js';

dayjs.locale('zh-cn');

const SANS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif';

export function antdThemeOf(color: string, dark = false): ThemeConfig {
  return {
    // The reader's dark mode (features/reading) keeps the site's colour.
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: color, colorLink: color, colorBgLayout: dark ? '#171615' : '#faf8f3', fontFamily: SANS, borderRadius: 6 },
    // Notifications stack 16 px apart (docs/rules.md#front-end-constants).
    components: { Notification: { margin: 16 } },
  };
}

/** The site's theme for antd, following changes of the site theme. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const site = useSiteTheme();
  const dark = useDarkTheme();
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={antdThemeOf(site.color, dark)}>
      {children}
    </ConfigProvider>
  );
}

export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <App
        component={false}
        message={{ duration: MESSAGE_DURATION, maxCount: 3 }}
        notification={{ duration: NOTIFICATION_DURATION, placement: 'topRight' }}
      >
        {children}
      </App>
    </AntdTheme>
  );
}
