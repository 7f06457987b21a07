/**
 * Rewrites the search fields of texts written by an older lib/search.ts (search_version < SEARCH_VERSION): the
 * author and work from the source line where the importer did not set them, the era from the collection tag, and
 * the weighted search vector. Batches by id, so it can stop and resume; `npm run import -- --reindex` and the
 * benchmark's existing corpus use it.
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { essays } from '../db/schema.js';
import { htmlToText } from '../lib/html.js';
import { parseSource, SEARCH_VERSION, searchVectorOf } from '../lib/search.js';
import { COLLECTION_DYNASTY } from './texts.js';

const BATCH = 500;

/** Texts whose search fields are older than this code's. */
export async function staleSearchRows(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(essays)
    .where(lt(essays.searchVersion, SEARCH_VERSION));
  return Number(row?.n ?? 0);
}

export async function reindexSearch(db: Db, onProgress?: (done: number) => void): Promise<number> {
  const eras = Object.entries(COLLECTION_DYNASTY);
  const eraCase = sql.join(
    eras.map(([tag, era]) => sql`when ${tag} then ${era}`),
    sql` `,
  );
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: essays.id,
        type: essays.type,
        title: essays.title,
        content: essays.content,
        source: essays.source,
        workAuthor: essays.workAuthor,
        workTitle: essays.workTitle,
        dynasty: essays.dynasty,
        tags: sql<
          string[] | null
        >`(select array_agg(t.name) from essay_tags et join tags t on t.id = et.tag_id where et.essay_id = ${essays.id})`,
        era: sql<string | null>`(select case t.name ${eraCase} end from essay_tags et join tags t on t.id = et.tag_id
          where et.essay_id = ${essays.id} and t.parent_id is null and t.name in (${sql.join(
            eras.map(([tag]) => sql`${tag}`),
            sql`, `,
          )}) limit 1)`,
      })
      .from(essays)
      .where(and(gt(essays.id, after), lt(essays.searchVersion, SEARCH_VERSION)))
      .orderBy(asc(essays.id))
      .limit(BATCH);
    if (!rows.length) return done;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const parsed = parseSource(r.source);
        const workAuthor = r.workAuthor ?? parsed.author?.slice(0, 40) ?? null;
        const workTitle = r.workTitle ?? parsed.work?.slice(0, 100) ?? null;
        const body = r.type === 'essay' ? htmlToText(r.content) : r.content;
        await tx
          .update(essays)
          .set({
            workAuthor,
            workTitle,
            dynasty: r.dynasty ?? r.era,
            searchVector: searchVectorOf({
              title: r.title,
              workTitle: workTitle !== r.title ? workTitle : null,
              author: workAuthor,
              tags: r.tags ?? [],
              body: `${r.source ?? ''}\n${body}`,
            }),
            searchVersion: SEARCH_VERSION,
          })
          .where(eq(essays.id, r.id));
      }
    });
    after = rows.at(-1)!.id;
    done += rows.length;
    onProgress?.(done);
  }
}
