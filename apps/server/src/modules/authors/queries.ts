/** Lookups on the cited authors the triggers keep from the published texts (decision 0012). */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { authors } from '../../db/schema.js';

/** The era of an author the site knows (a quote of 李白 written without one is of 唐). */
export async function authorDynasty(db: Db, name: string | null): Promise<string | null> {
  if (!name) return null;
  const [a] = await rowsOf<{ dynasty: string | null }>(db, sql`select dynasty from ${authors} where name = ${name}`);
  return a?.dynasty ?? null;
}
