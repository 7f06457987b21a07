import { useEffect, useEffectEvent, useRef } from 'react';

/** docs/rules.md#front-end-constants: infinite scroll waits 200 ms and fires at distance 0 (the sentinel itself comes into view). */
export const INFINITE_SCROLL_DELAY_MS = 200;
export const INFINITE_SCROLL_DISTANCE_PX = 0;

/**
 * Calls `onReach` when the returned sentinel element scrolls into view and stays there for the delay.
 * Disabled while `enabled` is false (loading, or nothing more to load).
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const reach = useEffectEvent(onReach);

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (entry?.isIntersecting) timer = setTimeout(() => reach(), INFINITE_SCROLL_DELAY_MS);
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE_PX}px 0px` },
    );
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled]);

  return ref;
}
