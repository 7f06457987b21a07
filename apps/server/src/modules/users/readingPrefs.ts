/**
 * Reading preferences kept on the account (docs/rules.md#reading-preferences). The browser keeps its own copy (visitors have only that);
 * signing in reads these and mirrors them to the browser, and each change a signed-in reader makes is saved here.
 */
import { normalizeReadingPrefs, type ReadingPrefs } from '@shiju/contract';
import { AppError } from '../../http/errors.js';
import type { Db } from '../../db/client.js';
import { allow } from '../limits/index.js';
import { mergeReadingPrefs, readingPrefsOf } from './queries.js';

/** Saves per account and minute; a reader flicking through type sizes stays well under it. */
const SAVES_PER_MINUTE = 60;

type AccountPrefs = ReadingPrefs & { saved: boolean };

/** The stored preferences (the defaults for anything missing); `saved` says whether the account ever saved any. */
export async function getReadingPrefs(db: Db, userId: number): Promise<AccountPrefs> {
  const stored = await readingPrefsOf(db, userId);
  return { ...normalizeReadingPrefs(stored), saved: stored !== null };
}

/** Merges the fields sent into the stored ones (absent fields keep their value) and answers the whole set. */
export async function saveReadingPrefs(db: Db, userId: number, changes: Partial<ReadingPrefs>): Promise<AccountPrefs> {
  if (!(await allow(db, { key: `reading-prefs:${userId}`, windowMs: 60_000 }, SAVES_PER_MINUTE))) throw new AppError('A0501');
  return { ...normalizeReadingPrefs(await mergeReadingPrefs(db, userId, changes)), saved: true };
}
