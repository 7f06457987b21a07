import { api } from '../../../api/client.js';
import { siteQueries } from './site.js';
import { queryClient } from '../../../api/queryClient.js';
import { isSignedIn } from '../../../lib/session.js';
import { readLocal, readSession, SESSION_STORAGE, STORAGE, writeLocal, writeSession } from '../../../lib/storage.js';
import { themeStore } from '../../../lib/theme.js';
import { todayStamp } from '../../../lib/format.js';

/**
 * Fetches the site theme (type 0 = PC site) and applies it (docs/rules.md#theme-and-start-up). The answer stays in the app's cache
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

/** The start's activity ping, settled or not: a visitor's first answer carries the visitor cookie. */
let activity: Promise<unknown> = Promise.resolve();

/**
 * Resolves once the start's activity ping has been answered (at once when none was sent). A visitor's first visit has
 * no visitor cookie yet: a call that must count under the same visitor (the owed view of a text) waits for it, or
 * two calls sent together would each be given a key of their own, and a reload would count that visitor again.
 */
export const afterActivity = (): Promise<unknown> => activity;

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
  activity = api('userActive').catch(() => undefined);
}
