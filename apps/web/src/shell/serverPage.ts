/**
 * The page the server rendered into #root (modules/seo) stays on screen while the app starts behind it, and is
 * handed over once the app's page has mounted and its first calls have settled: the reader sees the content,
 * then the same content, without a skeleton or the loading mask in between. A deadline hands over regardless.
 */
import { loadingStore } from '../api/loading.js';

/** The longest the server's page stands in for the app. */
export const HANDOVER_DEADLINE_MS = 4000;
/** After the page mounts, how long its calls may take to start before "no call running" means "done". */
const SETTLE_MS = 60;

let holder: HTMLElement | null = null;
let root: HTMLElement | null = null;
let waiting: (() => void)[] = [];

/** Resolves once the app is on screen (at once when no server page was kept). */
export function appShown(): Promise<void> {
  return holder ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();
}

/** Moves the server's page out of #root (React replaces #root's content) and hides #root until handover. */
export function keepServerPage(container: HTMLElement): void {
  const page = container.querySelector(':scope > .ssr');
  if (!page) return;
  root = container;
  holder = document.createElement('div');
  holder.className = 'ssr-holder';
  holder.append(page);
  container.before(holder);
  container.classList.add('is-behind-ssr');
  setTimeout(handOver, HANDOVER_DEADLINE_MS);
}

function handOver(): void {
  if (!holder || !root) return;
  holder.remove();
  root.classList.remove('is-behind-ssr');
  holder = null;
  root = null;
  for (const resolve of waiting) resolve();
  waiting = [];
}

/** Called when a routed page has mounted: hand over once no call is running. */
export function pageMounted(): void {
  if (!holder) return;
  setTimeout(() => {
    if (!loadingStore.isLoading()) return handOver();
    const stop = loadingStore.subscribe(() => {
      if (loadingStore.isLoading()) return;
      stop();
      requestAnimationFrame(handOver);
    });
  }, SETTLE_MS);
}
