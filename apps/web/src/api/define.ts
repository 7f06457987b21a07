import type { CallData, CallId } from '@shiju/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { callApi, type ApiInput } from './client.js';
import type { ApiError } from './errors.js';
import type { RequestOptions } from './request.js';
import { totalLabel } from '../lib/format.js';

type Quiet = Pick<RequestOptions, 'quietCodes' | 'silent'>;
type Paged<T> = { list: T[]; total: number; totalCapped?: boolean };

/** The item type of a paged call (`data = { list, total }`). */
export type PageItem<K extends CallId> = CallData<K> extends { list: Array<infer T> } ? T : never;

/** A read call with one input, for `useQuery`. */
function callQueryOptions<K extends CallId>(domain: string, id: K, input: ApiInput<K>, quiet: Quiet = {}) {
  return queryOptions<CallData<K>, ApiError, CallData<K>, readonly unknown[]>({
    queryKey: [domain, id, input],
    queryFn: ({ signal }) => callApi(id, input, { ...quiet, signal }),
  });
}

/** A page of call K: the call's data, with its list and total known to the type system. */
type PageOf<K extends CallId> = CallData<K> & Paged<PageItem<K>>;

/** A paged call page by page (docs/rules.md#calls-and-envelope: pageNum from 1, `total` counts all items), for `usePagedList`. */
function pagedQueryOptions<K extends CallId>(
  domain: string,
  id: K,
  makeInput: (pageNum: number) => ApiInput<K>,
  quiet: Quiet = {},
  scope?: unknown,
) {
  return infiniteQueryOptions<PageOf<K>, ApiError, InfiniteData<PageOf<K>, number>, readonly unknown[], number>({
    queryKey: [domain, id, 'pages', makeInput(1), ...(scope === undefined ? [] : [scope])],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(id, makeInput(pageParam), { ...quiet, signal }) as Promise<PageOf<K>>,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });
}

/**
 * A domain's key root and its builders of query options. Every key it makes is `[domain, callId, …]`, so
 * `all` reaches everything the domain caches and `call(id)` every input of one call.
 */
export function defineDomain<D extends string>(domain: D) {
  return {
    all: [domain] as const,
    call: (id: CallId) => [domain, id] as const,
    query: <K extends CallId>(id: K, input: ApiInput<K>, quiet?: Quiet) => callQueryOptions(domain, id, input, quiet),
    /** `scope` joins the key when the answer depends on more than the input (who is signed in). */
    paged: <K extends CallId>(id: K, makeInput: (pageNum: number) => ApiInput<K>, quiet?: Quiet, scope?: unknown) =>
      pagedQueryOptions(domain, id, makeInput, quiet, scope),
  };
}

/** A paged call as one growing list: the loaded items flattened, and the total the first page reported. */
export function usePagedList<TPage extends Paged<unknown>>(
  options: UseInfiniteQueryOptions<TPage, ApiError, InfiniteData<TPage, number>, readonly unknown[], number>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({ ...options, enabled });
  const pages = query.data?.pages;
  const items = (pages?.flatMap((p) => p.list) ?? []) as Array<TPage['list'][number]>;
  // The label shows "1000+" when the server stopped counting at its cap.
  const total = pages?.[0]?.total ?? 0;
  return { ...query, items, total, totalText: totalLabel(total, pages?.[0]?.totalCapped) };
}

/** What a write changed in the cache, said once beside the domain's keys. */
interface WriteEffects<TData, TVars> {
  /**
   * After the call succeeded, before the caller hears of it. A returned promise is waited for: the write stays
   * pending (its button busy) until the lists on screen are fresh. Effects the caller need not wait for return
   * nothing, and the caller then hears in the same tick (a sign-in stores the session and navigates in one render).
   */
  onSuccess?: (queryClient: QueryClient, data: TData, vars: TVars) => unknown;
  /** After the call, whether or not it succeeded (a failed write may still have moved the server's state). */
  onSettled?: (queryClient: QueryClient, vars: TVars) => unknown;
}

/**
 * What a page adds to a write: toasts, messages, navigation. Given to the hook, it runs even if the component has
 * gone meanwhile (the write's own effects can unmount it); given to `mutate`, only while it is mounted.
 */
export interface WriteOptions<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => unknown;
  onError?: (error: ApiError, vars: TVars) => unknown;
}

/**
 * A write as a mutation hook that owns its cache effects: pages use `isPending`, `mutate`/`mutateAsync` and their
 * own `onSuccess`, never `invalidateQueries`. Failures reject with an ApiError the request layer has already shown.
 */
export function defineWrite<TVars, TData>(run: (vars: TVars) => Promise<TData>, effects: WriteEffects<TData, TVars> = {}) {
  return function useWrite(options: WriteOptions<TData, TVars> = {}) {
    const queryClient = useQueryClient();
    return useMutation<TData, ApiError, TVars>({
      mutationFn: run,
      onSuccess: async (data, vars) => {
        const effect = effects.onSuccess?.(queryClient, data, vars);
        if (effect instanceof Promise) await effect;
        await options.onSuccess?.(data, vars);
      },
      onError: (error, vars) => options.onError?.(error, vars),
      onSettled: (_data, _error, vars) => effects.onSettled?.(queryClient, vars),
    });
  };
}

/** `defineWrite` for one contract call, its variables the call's input. */
export function defineCallWrite<K extends CallId>(
  id: K,
  { quietCodes, silent, ...effects }: WriteEffects<CallData<K>, ApiInput<K>> & Quiet = {},
) {
  return defineWrite((input: ApiInput<K>) => callApi(id, input, { quietCodes, silent }), effects);
}

/** For a dialog's submit: true once the write succeeded, false when it failed (the request layer has shown why). */
export function succeeded(write: Promise<unknown>): Promise<boolean> {
  return write.then(
    () => true,
    () => false,
  );
}
