/**
 * Denormalised counters recomputed exactly after an import (rather than incremented per row):
 * cheaper for bulk loads, and right even if an earlier run was interrupted. Same definition as the
 * essays module's per-row refresh (published essays only), but one grouped pass over all rows:
 * a correlated count per tag takes minutes on the full corpus.
 */
import type { Db } from '../db/client.js';
import { refreshAuthorCounts, refreshClassificationCounts, refreshTagCounts } from './statements.js';

export async function refreshImportCounts(db: Db, authorId: number): Promise<void> {
  await refreshTagCounts(db);
  await refreshClassificationCounts(db);
  await refreshAuthorCounts(db, authorId);
}
