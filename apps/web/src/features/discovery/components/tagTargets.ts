import type { CallData, TagBrief } from '@shiju/contract';
import { useQueries, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useClassifications, classificationQueries } from '../../classifications/index.js';

type PageOfTags = CallData<'classificationTags'>;

/**
 * First-level tag id → the classification that shows it first (classifications in their own order).
 * Tags carry no classification, and one tag may sit in several; the first is the natural home.
 * Undefined until every classification's tags have loaded.
 */
export function useTagHomes(enabled: boolean): Map<number, number> | undefined {
  const classifications = useClassifications();
  const ids = useMemo(() => classifications.data?.list.map((c) => c.id) ?? [], [classifications.data]);
  const combine = useCallback(
    (results: Array<UseQueryResult<PageOfTags, unknown>>) => {
      if (ids.length === 0 || results.some((r) => r.isPending)) return undefined;
      const homes = new Map<number, number>();
      results.forEach((r, i) => {
        for (const t of r.data?.list ?? []) if (!homes.has(t.id)) homes.set(t.id, ids[i]!);
      });
      return homes;
    },
    [ids],
  );
  return useQueries({
    // The classification page's tag row reads the same entries.
    queries: ids.map((id) => ({ ...classificationQueries.tags(id), enabled })),
    combine,
  });
}

/**
 * The answers useTagHomes(enabled) reads (the server prerenders search results with them): the classifications
 * always, their tags when enabled.
 */
export async function prefetchTagHomes(client: QueryClient, enabled: boolean): Promise<void> {
  const classifications = await client.fetchQuery(classificationQueries.list());
  if (enabled) await Promise.all(classifications.list.map((c) => client.prefetchQuery(classificationQueries.tags(c.id))));
}

/**
 * Where a tag leads: its classification page filtered by the tag, or — when no classification holds it —
 * a search for texts with its name.
 */
export function tagHref(tag: Pick<TagBrief, 'id' | 'name' | 'parentId'>, homes: Map<number, number> | undefined): string {
  const classificationId = homes?.get(tag.parentId ?? tag.id);
  return classificationId
    ? `/classifyDetails?id=${classificationId}&tagId=${tag.id}`
    : `/globalSearch?type=essay&q=${encodeURIComponent(tag.name)}`;
}
