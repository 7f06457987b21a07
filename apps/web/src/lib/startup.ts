import { api } from '../api/client.js';
import { siteQueries } from '../api/queries/index.js';
import { queryClient } from '../api/queryClient.js';
import { isSignedIn } from './session.js';
import { readLocal, readSession, SESSION_STORAGE, STORAGE, writeLocal, writeSession } from './storage.js';
import { themeStore } from './theme.js';
import { todayStamp } from './format.js';

/**
 * Fetches the site theme (type 0 = PC site) and applies it (seed §4 "On start"). The answer stays in the app's cache
 * for the footer, which shows the ICP 备案号 that comes with it.
 */
export async function loadTheme(): Promise<void> {
  themeStore.applyCached();
  try {
    // Asked on every start, even when the server's page brought an answer along.
    const data = await queryClient.fetchQuery({ ...siteQueries.theme(), staleTime: 0 });
    themeStore.setFromLayout(data.layoutVoList);
  } catch {
    /* the cached or default theme stays */
  }
}

/**
 * Daily activity ping: a signed-in user once per day (skipped when operationTime is today),
 * a visitor once per browser session (isRefresh).
 */
export function pingActivity(): void {
  if (isSignedIn()) {
    const today = todayStamp();
    if (readLocal(STORAGE.operationTime) === today) return;
    writeLocal(STORAGE.operationTime, today);
  } else {
    if (readSession(SESSION_STORAGE.isRefresh)) return;
    writeSession(SESSION_STORAGE.isRefresh, 'true');
  }
  api('userActive').catch(() => undefined);
}
