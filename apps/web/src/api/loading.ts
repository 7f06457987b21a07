/**
 * The fullscreen 加载中 mask of seed §9: one counter across concurrent requests. The mask component subscribes;
 * the request layer counts up and down.
 */
let active = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export const loadingStore = {
  start(): void {
    active += 1;
    if (active === 1) emit();
  },
  end(): void {
    active = Math.max(0, active - 1);
    if (active === 0) emit();
  },
  isLoading(): boolean {
    return active > 0;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
