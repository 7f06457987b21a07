import { useEffect, useRef, useState } from 'react';

/**
 * The draft as it stood once typing stopped for `idleMs`, and never more often than every `everyMs`: what the
 * editor sends to the server's 对仗 check (docs/coach.md: 800 ms, at most once every 2 s).
 */
export function useQuietDraft(draft: string, idleMs: number, everyMs: number): string {
  const [quiet, setQuiet] = useState(draft);
  const last = useRef(0);
  useEffect(() => {
    const wait = Math.max(idleMs, last.current + everyMs - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setQuiet(draft);
    }, wait);
    return () => clearTimeout(timer);
  }, [draft, idleMs, everyMs]);
  return quiet;
}
