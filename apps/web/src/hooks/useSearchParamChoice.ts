import { useCallback } from 'react';
import { usePageSearchParams } from '../lib/pageLocation.js';

/**
 * A choice kept in the query string (a tab, a filter), so it survives reload and can be linked to.
 * Unknown or missing values read as `fallback`. Changing it replaces the history entry (tabs are not pages)
 * and drops the parameters in `drop` that only made sense for the previous choice.
 */
export function useSearchParamChoice<T extends string>(
  name: string,
  values: readonly T[],
  fallback: T,
): [T, (next: T, drop?: readonly string[]) => void] {
  const [params, setParams] = usePageSearchParams();
  const raw = params.get(name);
  const value = values.includes(raw as T) ? (raw as T) : fallback;
  const set = useCallback(
    (next: T, drop: readonly string[] = []) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set(name, next);
          for (const d of drop) p.delete(d);
          return p;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return [value, set];
}

/** A positive int4 id from a query-string value (`12`), or null when missing or malformed. */
export function parseIdParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2147483647 ? id : null;
}

/** A positive integer id from the query string (`?id=12`), or null when missing or malformed. */
export function useIdParam(name = 'id'): number | null {
  const [params] = usePageSearchParams();
  return parseIdParam(params.get(name));
}
