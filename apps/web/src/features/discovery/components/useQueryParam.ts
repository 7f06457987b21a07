import { useCallback } from 'react';
import { usePageSearchParams } from '../../../lib/pageLocation.js';

export interface SetParamOptions {
  /** Replace the history entry instead of adding one (filters); tabs and searches add one. */
  replace?: boolean;
}

/**
 * One query-string parameter as state: the URL is the source of truth, so tabs and filters survive a reload
 * and can be shared. Setting null (or '') removes the parameter; other parameters are kept.
 */
export function useQueryParam(name: string): [string | null, (value: string | null, options?: SetParamOptions) => void] {
  const [params, setParams] = usePageSearchParams();
  const set = useCallback(
    (value: string | null, options: SetParamOptions = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: options.replace },
      );
    },
    [name, setParams],
  );
  return [params.get(name), set];
}

/** `value` when it is one of `allowed`, else `fallback` (unknown values in a hand-typed URL). */
export function pickOne<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
