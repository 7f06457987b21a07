/**
 * Rewrites the search fields of texts written by an older lib/search.ts (search_version < SEARCH_VERSION): the
 * author and work from the source line where the importer did not set them, the era from the collection tag, and
 * the weighted search vector. Batches by id, so it can stop and resume; `npm run import -- --reindex` and the
 * benchmark's existing corpus use it.
 */
import type { Db } from '../db/client.js';
import { countStale, staleTexts, updateSearchFields } from './statements.js';
import { htmlToText } from '../lib/html.js';
import { parseSource, SEARCH_VERSION, searchVectorOf } from '../lib/search.js';
import { COLLECTION_DYNASTY } from './texts.js';

const BATCH = 500;

/** Texts whose search fields are older than this code's. */
export async function staleSearchRows(db: Db): Promise<number> {
  return countStale(db, SEARCH_VERSION);
}

export async function reindexSearch(db: Db, onProgress?: (done: number) => void): Promise<number> {
  const eras = Object.entries(COLLECTION_DYNASTY);
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await staleTexts(db, after, SEARCH_VERSION, eras, BATCH);
    if (!rows.length) return done;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const parsed = parseSource(r.source);
        const workAuthor = r.workAuthor ?? parsed.author?.slice(0, 40) ?? null;
        const workTitle = r.workTitle ?? parsed.work?.slice(0, 100) ?? null;
        const body = r.type === 'essay' ? htmlToText(r.content) : r.content;
        await updateSearchFields(tx, r.id, {
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
        });
      }
    });
    after = rows.at(-1)!.id;
    done += rows.length;
    onProgress?.(done);
  }
}
