const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window so `el` sits `offset` px below the top, animated over `duration` ms. */
export function scrollToElement(el: HTMLElement, duration: number, offset = 0): void {
  const from = window.scrollY;
  const to = Math.max(0, from + el.getBoundingClientRect().top - offset);
  if (duration <= 0 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, to);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - startedAt) / duration);
    window.scrollTo(0, from + (to - from) * easeInOutCubic(t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
