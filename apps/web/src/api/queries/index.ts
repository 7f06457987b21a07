/**
 * Query keys, query options and write hooks, one module per domain (the model: bulletproof-react's
 * `features/<domain>/api`).
 *
 * - `<domain>.ts` makes its keys with `defineDomain('<domain>')`: every key is `[domain, callId, …]`.
 * - It exports `<domain>Keys` (prefixes to invalidate: `all`, one per call that others invalidate) and
 *   `<domain>Queries` (options for `useQuery(...)`, or for `usePagedList(...)` when paged). Per-call choices —
 *   quiet error codes, staleness — live in those options, not at the call sites.
 * - Every write is a hook made by `defineWrite` / `defineCallWrite` (`useFollow`, `useDeleteEssay` …) that says
 *   what the write changes in the cache; what several writes change is one `after<Something>(queryClient)`.
 *   Pages use the hook's `isPending`, `mutate`/`mutateAsync` and their own `onSuccess` for toasts and navigation.
 * - Nowhere else writes a query key or invalidates: lint keeps `invalidateQueries`, the raw `api` caller and
 *   `useMutation` out of pages, components and the shell. They read with `useQuery(xQueries.y(...))`.
 */
export { defineDomain, succeeded, usePagedList, type PageItem, type WriteOptions } from './define.js';
export * from './ads.js';
export * from './announcements.js';
export * from './auth.js';
export * from './classifications.js';
export * from './collections.js';
export * from './comments.js';
export * from './discovery.js';
export * from './authors.js';
export * from './essays.js';
export * from './highlights.js';
export * from './interests.js';
export * from './messages.js';
export * from './open.js';
export * from './orders.js';
export * from './reports.js';
export * from './site.js';
export * from './users.js';
export * from './people.js';
export * from './notes.js';
export * from './mutes.js';
export * from './review.js';
export * from './coach.js';
export * from './challenges.js';
export * from './attributions.js';
