import { eq, sql } from 'drizzle-orm';
import type { ThemeLayout } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { activity, themes } from '../../db/schema.js';
import { shanghaiDate } from '../../lib/time.js';

/** The look of a site nobody has themed yet. */
export const DEFAULT_THEME: ThemeLayout = { backgroundImg: '', color: '#8b5e3c', activeMenu: '#c0392b', grey: 0 };

export async function getTheme(db: Db, type: number) {
  const [row] = await db.select().from(themes).where(eq(themes.type, type)).limit(1);
  const layout = row?.layout ?? (type === 0 ? DEFAULT_THEME : null);
  return layout ? { type, layoutVoList: JSON.stringify(layout) } : null;
}

/** One row per Shanghai day per viewer; answers whether this ping was the day's first. */
export async function recordActivity(db: Db, viewerKey: string, userId: number | null) {
  const rows = await db
    .insert(activity)
    .values({ day: shanghaiDate(), viewerKey, userId })
    .onConflictDoNothing()
    .returning({ day: activity.day });
  return { counted: rows.length > 0 };
}

export async function checkDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
