import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSaveReadingPrefs, userQueries } from '../../account/index.js';
import { useSession } from '../../../hooks/useSession.js';
import { readPrefs, setPrefs } from './prefs.js';

/**
 * A signed-in reader's preferences come from the account: asked once per session (and at sign-in) and mirrored to
 * this browser, so a new device reads as the last one did. An account that never saved any takes this browser's
 * choices instead (a visitor who chose dark mode and then signs up keeps it). Draws nothing.
 */
export function ReadingPrefsSync() {
  const user = useSession();
  const { data } = useQuery({ ...userQueries.readingPrefs(user?.id ?? 0), enabled: user !== null });
  const { mutate } = useSaveReadingPrefs();
  useEffect(() => {
    if (!user || !data) return;
    if (!data.saved) return mutate({ body: readPrefs() });
    const { saved: _saved, ...prefs } = data;
    setPrefs(prefs, 'account');
  }, [user, data, mutate]);
  return null;
}
