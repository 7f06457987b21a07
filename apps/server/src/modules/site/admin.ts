/** The site theme as the console edits it. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { ads, announcements, bestWeekEntries, essays, themes, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { htmlToText, sanitizeRichText, summarize } from '../../lib/html.js';
import { previousWeek } from '@shiju/contract/core';
import { frozenWeeks, weekEntries } from '../discovery/bestWeek.js';
import { DEFAULT_THEME } from './service.js';
import { presentAd } from '../ads/presenter.js';
import { audited, type Actor } from '../audit/service.js';
import { iso } from '../../lib/time.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

/** Stored in the database, read by every API process on each theme call: the next call answers it. */
export async function saveTheme(db: Db, actor: NonNullable<Actor>, layout: CallParsed<'adminUpdateTheme'>['body']) {
  await audited(
    db,
    actor,
    (before: unknown) => ({ action: 'theme.update', targetType: 'theme', targetId: 0, summary: { before, after: layout } }),
    async (tx) => {
      const [old] = await tx.select({ layout: themes.layout }).from(themes).where(eq(themes.type, 0));
      await tx
        .insert(themes)
        .values({ type: 0, layout })
        .onConflictDoUpdate({ target: themes.type, set: { layout, updatedAt: new Date() } });
      return old?.layout ?? DEFAULT_THEME;
    },
  );
  return layout;
}

