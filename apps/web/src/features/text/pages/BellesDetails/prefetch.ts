import type { QueryClient } from '@tanstack/react-query';
import { commentQueries, COMMENTS_PAGE_SIZE, FIRST_SORT } from '../../../comments/index.js';
import { essayQueries } from '../../../essays/index.js';
import { noteQueries } from '../../../notes/index.js';
import { highlightQueries } from '../../../highlights/index.js';
import { IMITATIONS_SHOWN } from './ImitationsStrip.js';
import { pickTag, relatedQuery } from './RelatedTexts.js';

/**
 * Every answer a published text's page draws from for a visitor (the server prerenders with them:
 * ssr/render.tsx). False when the text cannot be shown.
 */
export async function prefetchDetails(client: QueryClient, id: number): Promise<boolean> {
  let details;
  try {
    details = await client.fetchQuery(essayQueries.details(id));
  } catch {
    return false;
  }
  if (details.status !== 'published') return false;
  const tag = pickTag(details.tags);
  await Promise.all([
    client.prefetchQuery(essayQueries.imitations(id, IMITATIONS_SHOWN)),
    client.prefetchQuery(noteQueries.ofEssay(id)),
    // 热门划线 and the newest public 想法, drawn by the server like the notes (the reader's own join in the browser).
    client.prefetchQuery(highlightQueries.ofEssay(id)),
    client.prefetchInfiniteQuery(commentQueries.ofEssay(id, FIRST_SORT, COMMENTS_PAGE_SIZE)),
    tag ? client.prefetchQuery(relatedQuery(tag)) : undefined,
  ]);
  return true;
}
