import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueries } from '../../api/queries/users.js';
import { useSession } from '../../hooks/useSession.js';
import { setPrefs } from './prefs.js';

/**
 * A signed-in reader's preferences come from the account: asked once per session (and at sign-in) and mirrored to
 * this browser, so a new device reads as the last one did. Draws nothing.
 */
export function ReadingPrefsSync() {
  const user = useSession();
  const { data } = useQuery({ ...userQueries.readingPrefs(user?.id ?? 0), enabled: user !== null });
  useEffect(() => {
    if (user && data) setPrefs(data, 'account');
  }, [user, data]);
  return null;
}
