/** The site theme as the console edits it. */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import * as queries from './queries.js';
import { DEFAULT_THEME } from './service.js';
import { audited, type Actor } from '../audit/index.js';

/** Stored in the database, read by every API process on each theme call: the next call answers it. */
export async function saveTheme(db: Db, actor: NonNullable<Actor>, layout: CallParsed<'adminUpdateTheme'>['body']) {
  await audited(
    db,
    actor,
    (before: unknown) => ({ action: 'theme.update', targetType: 'theme', targetId: 0, summary: { before, after: layout } }),
    async (tx) => {
      const old = await queries.findTheme(tx, 0);
      await queries.saveTheme(tx, 0, layout);
      return old ?? DEFAULT_THEME;
    },
  );
  return layout;
}
