import type { ThemeLayout } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import * as queries from './queries.js';
import { shanghaiDate } from '../../lib/time.js';

/** The look of a site nobody has themed yet. */
export const DEFAULT_THEME: ThemeLayout = { backgroundImg: '', color: '#8b5e3c', activeMenu: '#c0392b', grey: 0 };

export async function getTheme(db: Db, type: number) {
  const layout = (await queries.findTheme(db, type)) ?? (type === 0 ? DEFAULT_THEME : null);
  return layout ? { type, layoutVoList: JSON.stringify(layout) } : null;
}

/** The theme call's answer: the theme of `type` and what every page of the site shows with it (the ICP 备案号). */
export async function themeAnswer(db: Db, type: number, icp: string | null) {
  const theme = await getTheme(db, type);
  return theme ? { ...theme, icp } : null;
}

/** One row per Shanghai day per viewer; answers whether this ping was the day's first. */
export async function recordActivity(db: Db, viewerKey: string, userId: number | null) {
  return { counted: await queries.insertActivity(db, shanghaiDate(), viewerKey, userId) };
}

export async function checkDatabase(db: Db) {
  await queries.ping(db);
}
