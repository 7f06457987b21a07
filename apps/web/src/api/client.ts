import type { CallData, CallId, CallInput } from '@shiju/contract';
import { fillPath, routes } from 'virtual:shiju-calls';
import { request, type RequestOptions } from './request.js';

/** The parts (params, query, body) a call declares; parts it does not declare cannot be passed. */
export type ApiInput<K extends CallId> = {
  [P in keyof CallInput<K> as CallInput<K>[P] extends undefined ? never : P]: CallInput<K>[P];
};

type Args<K extends CallId> = keyof ApiInput<K> extends never
  ? [input?: ApiInput<K>, options?: RequestOptions]
  : [input: ApiInput<K>, options?: RequestOptions];

/** The ad list of position 5 (the sidebar) loads quietly in the background (docs/rules.md#loading-mask). */
export const SIDEBAR_AD_POSITION = 5;

/**
 * Which calls skip the loading mask. The contract flags them (`silent`); for the ad list only position 5 is
 * meant by the seed, so the flag applies there by position.
 */
function isSilent(id: CallId, params: unknown): boolean {
  if (id === 'adsList') return Number((params as { id?: unknown } | undefined)?.id) === SIDEBAR_AD_POSITION;
  return routes[id].silent;
}

/** Typed call by contract id: `api('login', { body: { username, password } })`. */
export function api<K extends CallId>(id: K, ...[input, options]: Args<K>): Promise<CallData<K>> {
  return callApi(id, input, options);
}

/** The same with a plain signature, for generic helpers (query hooks) where K is not yet known. */
export function callApi<K extends CallId>(id: K, input: ApiInput<K> | undefined, options?: RequestOptions): Promise<CallData<K>> {
  const route = routes[id];
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  return request<CallData<K>>(
    { method: route.method, path: fillPath(route.path, parts.params), query: parts.query, body: parts.body },
    { ...options, silent: options?.silent ?? isSilent(id, parts.params) },
  );
}
