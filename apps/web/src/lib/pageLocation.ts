import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query string a kept-alive page last had while it showed (null while it shows). The shell provides it
 * around hidden pages so they keep reading their own address, not the one of the page now showing.
 */
export const KeptSearchContext = createContext<URLSearchParams | null>(null);

/** useSearchParams for page code: the page's own query string, also while it is kept hidden. */
export function usePageSearchParams(): ReturnType<typeof useSearchParams> {
  const [live, setParams] = useSearchParams();
  const kept = useContext(KeptSearchContext);
  return [kept ?? live, setParams];
}
