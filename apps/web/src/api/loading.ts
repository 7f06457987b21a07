/**
 * The fullscreen 加载中 mask (docs/rules.md#loading-mask): one counter across concurrent requests. The mask component subscribes;
 * the request layer counts up and down.
 *
 * Requests that follow each other closely are one mask, never a flicker: when the last one ends the mask lingers
 * LINGER_MS for a follow-up (a page's second call, started by the first one's answer), then fades out over FADE_MS;
 * a request that starts during the fade does not bring it back mid-fade, only if it is still running once the fade
 * is over.
 */
export const LINGER_MS = 150;
export const FADE_MS = 400;

/** A mask's state; the app has one (`loadingStore`), tests make their own. */
export function createLoadingStore() {
  let active = 0;
  let shown = false;
  /** When the current fade-out ends (0: not fading). */
  let fadingUntil = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  function emit(): void {
    for (const l of listeners) l();
  }

  function clearTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function setShown(next: boolean): void {
    if (shown === next) return;
    shown = next;
    emit();
  }

  /** Decides what the mask shows now, and when to decide again. */
  function settle(): void {
    clearTimer();
    const now = Date.now();
    if (active > 0) {
      if (shown) return;
      if (now < fadingUntil) {
        // Fading out: come back only if the request outlasts the fade.
        timer = setTimeout(settle, fadingUntil - now);
        return;
      }
      fadingUntil = 0;
      setShown(true);
      return;
    }
    if (!shown) return;
    timer = setTimeout(() => {
      timer = null;
      if (active > 0) return;
      fadingUntil = Date.now() + FADE_MS;
      setShown(false);
    }, LINGER_MS);
  }

  return {
    start(): void {
      active += 1;
      if (active === 1) {
        settle();
        emit();
      }
    },
    end(): void {
      if (active === 0) return;
      active -= 1;
      if (active === 0) {
        settle();
        emit();
      }
    },
    /** Whether any counted request is running (the server page's hand-over waits for none). */
    isLoading(): boolean {
      return active > 0;
    },
    /** Whether the mask shows (what the mask component draws). */
    isShown(): boolean {
      return shown;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const loadingStore = createLoadingStore();
