import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appClient } from '../api/queryClient.js';
import { LoadingMask } from './LoadingMask.js';

/**
 * The data layer and the loading mask. antd's context (theme, locale, App) is not here: the parts built on antd
 * bring it with them (components/antd/AntdScope), so the shell and the reading pages load without antd.
 */
export function AppProviders({ children, client = appClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LoadingMask />
    </QueryClientProvider>
  );
}
