import { useCallback } from 'react';
import type { ReadingPrefs } from '@shiju/contract/core';
import { useSaveReadingPrefs } from '../../account/index.js';
import { useSession } from '../../../hooks/useSession.js';
import { setPrefs } from './prefs.js';

/** Changes reading preferences: at once in this browser, and on the account of a signed-in reader. */
export function useChangePrefs(): (changes: Partial<ReadingPrefs>) => void {
  const user = useSession();
  const save = useSaveReadingPrefs();
  const { mutate } = save;
  return useCallback(
    (changes: Partial<ReadingPrefs>) => {
      setPrefs(changes);
      if (user) mutate({ body: changes });
    },
    [user, mutate],
  );
}
