/** Browser storage keys named by the product rules (docs/rules.md#browser-storage), and the app's own (marked). Nothing else in the app spells them. */
export const STORAGE = {
  accessToken: 'accessToken',
  userInfo: 'userInfo',
  layoutVoList: 'layoutVoList',
  /** YYYY-MM-DD of the last activity ping of a signed-in user. */
  operationTime: 'operationTime',
  /** Not the seed's: set once this browser has seen (or skipped) the guided tour. */
  tourSeen: 'shiju:tourSeen',
  /** Not the seed's: the query of the classification page last read (`?id=3&tagId=9`), for the phone tab bar's 分类. */
  lastClassification: 'shiju:lastClassification',
  /** Not the seed's: set on the first visit; read before the first paint (public/boot.js) to leave out the hero. */
  visited: 'shiju:visited',
  /** Not the seed's: the reading preferences (features/reading/components/prefs.ts; read before the first paint by public/reading.js). */
  readingPrefs: 'shiju:readingPrefs',
  /** Not the seed's: 每日回顾 answers made offline, waiting to be sent (lib/reviewOffline.ts). */
  reviewOutbox: 'shiju:reviewOutbox',
} as const;

export const SESSION_STORAGE = {
  /** Set once a visitor's activity ping went out in this browser session. */
  isRefresh: 'isRefresh',
  /** Guard against reload loops when a route chunk fails to load: `<url>|<epoch ms>`. */
  chunkReload: 'shiju:chunkReload',
} as const;

/** Storage can throw (private mode, quota, disabled cookies); a reading site must keep working without it. */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives only for this page */
  }
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}
