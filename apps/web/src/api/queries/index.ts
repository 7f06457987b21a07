/**
 * Query keys and query options, one module per domain (the model: bulletproof-react's `features/<domain>/api`).
 *
 * - `<domain>.ts` makes its keys with `defineDomain('<domain>')`: every key is `[domain, callId, …]`.
 * - It exports `<domain>Keys` (prefixes to invalidate: `all`, one per call that others invalidate) and
 *   `<domain>Queries` (options for `useQuery(...)`, or for `usePagedList(...)` when paged). Per-call choices —
 *   quiet error codes, staleness — live in those options, not at the call sites.
 * - What a write changes is said once, beside the keys, as `after<Something>(queryClient)` when more than one
 *   place does it (e.g. `afterEssayRemoved`).
 * - Nowhere else writes a query key: components use `useQuery(xQueries.y(...))`, `queryClient.setQueryData(
 *   xQueries.y(...).queryKey, …)` and `invalidateQueries({ queryKey: xKeys.… })`.
 */
export { defineDomain, usePagedList, type PageItem } from './define.js';
export * from './ads.js';
export * from './announcements.js';
export * from './classifications.js';
export * from './comments.js';
export * from './discovery.js';
export * from './essays.js';
export * from './interests.js';
export * from './messages.js';
export * from './open.js';
export * from './orders.js';
export * from './users.js';
export * from './people.js';
