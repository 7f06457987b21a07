/**
 * Denormalised counters recomputed exactly after an import (rather than incremented per row):
 * cheaper for bulk loads, and right even if an earlier run was interrupted. Same definition as the
 * essays module's per-row refresh (published essays only), but one grouped pass over all rows:
 * a correlated count per tag takes minutes on the full corpus.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classifications, essays, essayTags, tags, users } from '../db/schema.js';

async function refreshTagCounts(db: Db): Promise<void> {
  await db.execute(sql`update ${tags} t set essay_count = coalesce(c.n, 0)
    from ${tags} t2 left join (
      select et.tag_id, count(*)::int as n from ${essayTags} et
      join ${essays} e on e.id = et.essay_id and e.status = 'published'
      group by et.tag_id) c on c.tag_id = t2.id
    where t2.id = t.id and t.essay_count is distinct from coalesce(c.n, 0)`);
}

async function refreshClassificationCounts(db: Db): Promise<void> {
  await db.execute(sql`update ${classifications} k set essay_count = coalesce(c.n, 0)
    from ${classifications} k2 left join (
      select classification_id, count(*)::int as n from ${essays}
      where status = 'published' group by classification_id) c on c.classification_id = k2.id
    where k2.id = k.id and k.essay_count is distinct from coalesce(c.n, 0)`);
}

/** Published essays of the importing author, and the likes they have received. */
async function refreshAuthorCounts(db: Db, authorId: number): Promise<void> {
  await db.execute(sql`update ${users} u set essay_count = c.n, likes_received = c.likes
    from (select count(*)::int as n, coalesce(sum(likes), 0)::int as likes
          from ${essays} where author_id = ${authorId} and status = 'published') c
    where u.id = ${authorId}`);
}

export async function refreshImportCounts(db: Db, authorId: number): Promise<void> {
  await refreshTagCounts(db);
  await refreshClassificationCounts(db);
  await refreshAuthorCounts(db, authorId);
}
