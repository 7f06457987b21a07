import { eq, sql } from 'drizzle-orm';
import type { ThemeLayout } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { activity, themes } from '../../db/schema.js';

export async function findTheme(db: Exec, type: number): Promise<ThemeLayout | undefined> {
  const [row] = await db.select({ layout: themes.layout }).from(themes).where(eq(themes.type, type)).limit(1);
  return row?.layout;
}

export async function saveTheme(tx: Exec, type: number, layout: ThemeLayout) {
  await tx
    .insert(themes)
    .values({ type, layout })
    .onConflictDoUpdate({ target: themes.type, set: { layout, updatedAt: new Date() } });
}

/** True when this was the viewer's first ping of the day. */
export async function insertActivity(db: Db, day: string, viewerKey: string, userId: number | null): Promise<boolean> {
  const rows = await db.insert(activity).values({ day, viewerKey, userId }).onConflictDoNothing().returning({ day: activity.day });
  return rows.length > 0;
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
