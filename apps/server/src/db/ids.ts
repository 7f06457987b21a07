/** The texts' id space, for work that walks the library in spans of ids (sitemap files, the jobs' chunks). */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { essays } from './schema.js';

/** The highest text id (one index probe). */
export async function maxEssayId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${essays.id})` }).from(essays);
  return Number(row?.max ?? 0);
}
