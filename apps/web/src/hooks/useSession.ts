import { useMemo, useSyncExternalStore } from 'react';
import type { UserInfo } from '@shiju/contract';
import { getUserInfoRaw, parseUserInfo, subscribeSession } from '../lib/session.js';

/** The signed-in user (from localStorage `userInfo`), or null for a visitor. Re-renders on sign-in/out. */
export function useSession(): UserInfo | null {
  const raw = useSyncExternalStore(subscribeSession, getUserInfoRaw, () => null);
  return useMemo(() => parseUserInfo(raw), [raw]);
}
