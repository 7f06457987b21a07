/**
 * Best of the week (docs/rules.md#best-of-the-week): on Monday 00:00 Shanghai the top 20 texts published in the previous ISO
 * week are frozen as that week's list. Freezing is idempotent, so the job may also catch up after downtime.
 */
import type { Db } from '../../db/client.js';
import { previousWeek, weekRange } from '@shiju/contract/core';
import { countWeekEntries, insertTopOfWeek } from './queries.js';

export { frozenWeeks, weekEntries } from './queries.js';

export const BEST_WEEK_SIZE = 20;

export async function freezeWeek(db: Db, week: string): Promise<number> {
  if ((await countWeekEntries(db, week)) > 0) return 0;
  const { start, end } = weekRange(week);
  return insertTopOfWeek(db, week, start, end, BEST_WEEK_SIZE);
}

export const freezePreviousWeek = (db: Db) => freezeWeek(db, previousWeek());
