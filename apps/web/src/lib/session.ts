import type { UserInfo } from '@shiju/contract';
import { readLocal, STORAGE, writeLocal } from './storage.js';
import { forgetReviewOffline } from './reviewOffline.js';

/**
 * The signed-in state lives in localStorage (docs/rules.md#browser-storage: signed in = `userInfo` stored). This module is the
 * only writer; React reads it through `useSession`, which re-renders on changes from this tab and from others.
 */
const listeners = new Set<() => void>();

function emit(): void {
  // What public/boot.js marked before the first paint follows the session from then on.
  document.documentElement.toggleAttribute('data-signed-in', isSignedIn());
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE.userInfo || e.key === STORAGE.accessToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getAccessToken(): string | null {
  return readLocal(STORAGE.accessToken);
}

/** The raw stored string: a stable snapshot for useSyncExternalStore. */
export function getUserInfoRaw(): string | null {
  return readLocal(STORAGE.userInfo);
}

export function parseUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as UserInfo;
    return v && typeof v === 'object' && typeof v.id === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function isSignedIn(): boolean {
  return parseUserInfo(getUserInfoRaw()) !== null;
}

export function saveSession(accessToken: string, userInfo: UserInfo): void {
  writeLocal(STORAGE.accessToken, accessToken);
  writeLocal(STORAGE.userInfo, JSON.stringify(userInfo));
  emit();
}

export function saveUserInfo(userInfo: UserInfo): void {
  writeLocal(STORAGE.userInfo, JSON.stringify(userInfo));
  emit();
}

export function clearSession(): void {
  writeLocal(STORAGE.userInfo, null);
  writeLocal(STORAGE.accessToken, null);
  // 每日回顾's offline copy and waiting answers are the signed-out reader's.
  forgetReviewOffline();
  emit();
}
