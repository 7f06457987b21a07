import type { CallData, CallId } from '@shiju/contract';
import { useInfiniteQuery, useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { callApi, type ApiInput } from './client.js';
import type { ApiError } from './errors.js';
import type { RequestOptions } from './request.js';

export function callKey<K extends CallId>(id: K, input?: ApiInput<K>): readonly unknown[] {
  return input === undefined ? [id] : [id, input];
}

type QueryExtras<K extends CallId> = Omit<UseQueryOptions<CallData<K>, ApiError>, 'queryKey' | 'queryFn'> &
  Pick<RequestOptions, 'quietCodes' | 'silent'>;

/** A read call as a TanStack query, keyed by call id and input. */
export function useCall<K extends CallId>(id: K, input: ApiInput<K>, extras: QueryExtras<K> = {}) {
  const { quietCodes, silent, ...queryOptions } = extras;
  return useQuery<CallData<K>, ApiError>({
    queryKey: callKey(id, input),
    queryFn: ({ signal }) => callApi(id, input, { quietCodes, silent, signal }),
    ...queryOptions,
  });
}

/** A write call as a TanStack mutation; the variables are the call's input. */
export function useCallMutation<K extends CallId>(id: K, options: Pick<RequestOptions, 'quietCodes'> = {}) {
  return useMutation<CallData<K>, ApiError, ApiInput<K>>({
    mutationFn: (input) => callApi(id, input, options),
  });
}

/** The item type of a paged call (`data = { list, total }`). */
export type PageItem<K extends CallId> = CallData<K> extends { list: Array<infer T> } ? T : never;

type Paged<T> = { list: T[]; total: number };

/**
 * A paged call as an infinite list: `makeInput(pageNum)` builds each page's input. Returns the flattened items
 * and whether more pages exist (PRODUCT §5: pageNum from 1, `total` counts all items).
 */
export function useInfiniteList<K extends CallId>(
  id: K,
  makeInput: (pageNum: number) => ApiInput<K>,
  extras: { enabled?: boolean; quietCodes?: readonly string[]; keyInput?: unknown } = {},
) {
  const { enabled = true, quietCodes, keyInput } = extras;
  const first = makeInput(1);
  const query = useInfiniteQuery<Paged<PageItem<K>>, ApiError>({
    queryKey: [id, 'infinite', keyInput ?? first],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(id, makeInput(pageParam as number), { quietCodes, signal }) as Promise<Paged<PageItem<K>>>,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled,
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return { ...query, items, total: query.data?.pages[0]?.total ?? 0 };
}
