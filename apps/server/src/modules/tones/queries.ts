import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays } from '../../db/schema.js';

/** A published text's stored 平仄, or undefined when no published text has this id. */
export async function storedTones(db: Db, id: number): Promise<{ tones: string | null } | undefined> {
  const [row] = await db
    .select({ tones: essays.tones })
    .from(essays)
    .where(and(eq(essays.id, id), eq(essays.status, 'published')))
    .limit(1);
  return row;
}
