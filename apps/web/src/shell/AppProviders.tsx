import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { bindMessageApi, MESSAGE_DURATION, NOTIFICATION_DURATION } from '../api/feedback.js';
import { useSiteTheme } from '../hooks/useSiteTheme.js';
import { LoadingMask } from './LoadingMask.js';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every request shows the mask and every failure a toast (seed §9): never repeat them on our own.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    },
    mutations: { retry: false },
  },
});

const SANS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif';

/** Hands antd's context-aware message API to the request layer. */
function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => bindMessageApi(message), [message]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const site = useSiteTheme();
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: site.color,
          colorLink: site.color,
          colorBgLayout: '#faf8f3',
          fontFamily: SANS,
          borderRadius: 6,
        },
        // Notifications stack 16 px apart (seed §9).
        components: { Notification: { margin: 16 } },
      }}
    >
      <App message={{ duration: MESSAGE_DURATION, maxCount: 3 }} notification={{ duration: NOTIFICATION_DURATION, placement: 'topRight' }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        <LoadingMask />
      </App>
    </ConfigProvider>
  );
}
