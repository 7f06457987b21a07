import type { QueryClient } from '@tanstack/react-query';
import { classificationQueries } from '../../../classifications/index.js';
import { essayQueries } from '../../../essays/index.js';
import { classificationFeed, FIRST_SORT } from './ClassificationView.js';
import { parseId } from './index.js';
import { shownParent } from './TagRows.js';

/**
 * Every answer a classification's page draws from for a visitor, as the page asks for them (the server prerenders
 * with them: ssr/render.tsx): the classifications (the chips, and the first one without `?id=`), the one shown, its
 * first texts and, unless it has none, its tags, their A–Z index and the second-level row of the chosen tag. False
 * when there is no such classification (or none at all): the server then sends its plain page.
 */
export async function prefetchClassification(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  let id: number | undefined;
  try {
    id = parseId(params.get('id')) ?? (await client.fetchQuery(classificationQueries.list())).list[0]?.id;
  } catch {
    return false;
  }
  if (!id) return false;
  const tagId = parseId(params.get('tagId'));
  const [detail] = await Promise.all([
    client.fetchQuery(classificationQueries.detail(id)).catch(() => null),
    client.prefetchQuery(classificationQueries.list()),
    client.prefetchInfiniteQuery(essayQueries.feed(classificationFeed(id, tagId, FIRST_SORT))),
  ]);
  if (!detail) return false;
  // An empty classification shows its banner alone (ClassificationView): no tag rows, no A–Z index.
  if (detail.essayCount === 0 && tagId === undefined) return true;
  const [tags, index] = await Promise.all([
    client.fetchQuery(classificationQueries.tags(id)).catch(() => undefined),
    client.fetchQuery(classificationQueries.letters(id)).catch(() => undefined),
  ]);
  const parentId = shownParent(tagId, tags?.list ?? [], index);
  if (parentId !== undefined) await client.prefetchQuery(classificationQueries.secondLevelTags(parentId));
  return true;
}
