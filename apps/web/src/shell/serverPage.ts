/**
 * What the app does with the page the server put in #root (modules/seo).
 * - The pages the app draws on the server, for a visitor: the app's own markup, taken over in place (hydration,
 *   main.tsx) with the answers it was drawn from, nothing asked again (a text's page counts its view with its own
 *   small call: features/essays takeOwedView).
 * - Any other server page (the presenter's plain markup, or a signed-in reader's 首页 and text page, drawn for a
 *   visitor): it stays on screen while the app starts beside it, hidden, and is handed over once the app's page
 *   has mounted and its first calls have settled: the reader sees the content throughout, without a skeleton or
 *   the loading mask in between. A deadline hands over regardless.
 */
import { loadingStore } from '../api/loading.js';

/** The longest the server's page stands in for the app. */
export const HANDOVER_DEADLINE_MS = 4000;
/** After the page mounts, how long its calls may take to start before "no call running" means "done". */
const SETTLE_MS = 60;

/** The element holding the server's page (the document's #root) while the app starts beside it. */
let holder: HTMLElement | null = null;
/** Where the app renders, hidden until handover; it becomes #root then. */
let appRoot: HTMLElement | null = null;
let waiting: (() => void)[] = [];

/** Resolves once the app is on screen (at once when no server page was kept). */
export function appShown(): Promise<void> {
  return holder ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();
}

/**
 * Where the app should render. With a server page in #root, a new element beside it, hidden until handover: the
 * server's page is left exactly where it is (moving its nodes would repaint them as new content), and the app is
 * drawn next to it. Without one, #root itself.
 */
export function keepServerPage(container: HTMLElement): HTMLElement {
  if (!container.firstElementChild) return container;
  holder = container;
  holder.classList.add('ssr-holder');
  appRoot = document.createElement('div');
  appRoot.className = 'is-behind-ssr';
  container.after(appRoot);
  setTimeout(handOver, HANDOVER_DEADLINE_MS);
  return appRoot;
}

/** For whoever needs to know the app runs what is on screen now (the end-to-end journeys do). */
function markRunning(): void {
  document.documentElement.dataset.app = 'running';
}

function handOver(): void {
  if (!holder || !appRoot) return;
  markRunning();
  holder.remove();
  appRoot.classList.remove('is-behind-ssr');
  appRoot.id = 'root';
  holder = null;
  appRoot = null;
  for (const resolve of waiting) resolve();
  waiting = [];
}

/** The server's page is the app's own markup, taken over in place (main.tsx): once mounted, the app runs it. */
let takingOver = false;

export function takeOverServerPage(): void {
  takingOver = true;
}

/** Called when a routed page has mounted: hand over once no call is running. */
export function pageMounted(): void {
  if (takingOver) {
    takingOver = false;
    markRunning();
    return;
  }
  if (!holder) return markRunning();
  setTimeout(() => {
    if (!loadingStore.isLoading()) return handOver();
    const stop = loadingStore.subscribe(() => {
      if (loadingStore.isLoading()) return;
      stop();
      requestAnimationFrame(handOver);
    });
  }, SETTLE_MS);
}
