import { useSyncExternalStore } from 'react';
import { themeStore, type SiteTheme } from '../lib/theme.js';

export function useSiteTheme(): SiteTheme {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
