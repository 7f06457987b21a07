import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const baseURL = inject('baseURL');

export const SIGNED_OUT_TOAST = '未登录或登录已过期，请重新登录';
/** ERRORS.B0501: what a call of a later release answers. */
export const NOT_OPEN_TOAST = '该功能尚未开放';

/** One browser connection per test file (the browser itself is started once, by the global setup). */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Show the first-visit guided tour (off by default: it would cover what other journeys click). */
  tour?: boolean;
  /** Run the page's scripts (off: what a crawler without JavaScript sees). */
  javaScript?: boolean;
  /** Another server than the suite's (a journey that runs its own). */
  baseURL?: string;
  /** A phone: touch events and the mobile viewport's behaviour. */
  touch?: boolean;
}

/** The storage key (apps/web/src/lib/storage.ts) that marks the guided tour as seen in this browser. */
export const TOUR_SEEN_KEY = 'shiju:tourSeen';

/** A fresh context (empty storage, except the tour marked seen unless asked for) and page. */
export async function openPage(
  browser: Browser,
  { width = 1280, height = 900, tour = false, javaScript = true, baseURL: base = baseURL, touch = false }: PageOptions = {},
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: base,
    viewport: { width, height },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    javaScriptEnabled: javaScript,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (!tour)
    await context.addInitScript((key) => {
      try {
        localStorage.setItem(key, 'e2e');
      } catch {
        /* about:blank has no storage */
      }
    }, TOUR_SEEN_KEY);
  await context.addInitScript(recordToasts);
  return context.newPage();
}

/**
 * Runs in every document the page opens: keeps the text of every toast shown, so a test can check for a toast that
 * has already faded (a toast lasts 3 s, which a busy machine can spend before the test looks).
 */
function recordToasts(): void {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  const observe = () =>
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-message-notice')) {
        const text = el.textContent ?? '';
        if (text && !el.hasAttribute('data-e2e-seen')) {
          el.setAttribute('data-e2e-seen', '');
          seen.push(text);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
}

/** Waits until this document has shown a toast with `text`, even one already gone. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((shown) => shown.includes(t)),
    text,
  );
}

export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

/**
 * Until the app runs the page: 首页 and a text's page arrive drawn by the server (title included) and the app takes
 * them over a moment later; a click before that would land on markup without its handlers.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached' });
}

export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 15_000 });
}

/** Waits for a tab title that begins with `start` (a page named by what it shows, whose full name the test does not know). */
export async function waitForTitleStart(page: Page, start: string): Promise<string> {
  await page.waitForFunction((t) => document.title.startsWith(t), start, { timeout: 15_000 });
  return page.title();
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 15_000 });
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** A username valid under the contract (3–20 letters, digits, underscore) and unique per run. */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);
}

/** The success envelope every call answers with. */
export function envelope(data: unknown, code = '00000', msg = '成功'): string {
  return JSON.stringify({ code, msg, data });
}

/** Waits until the app runs the page and no request holds the fullscreen 加载中 mask up. */
export async function settled(page: Page): Promise<void> {
  await appRunning(page);
  await page.locator('.loading-mask').waitFor({ state: 'hidden' });
}

/** Waits until a dialog has finished zooming in: a click during the animation can miss a moving button. */
export async function opened(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  // An animation the component replaces mid-way is cancelled, and its `finished` rejects with an AbortError: wait
  // again until nothing is running rather than failing on the cancelled one.
  await dialog.evaluate(async (el) => {
    for (;;) {
      const running = el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running' || a.pending);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

/** Opens the avatar menu in the header and picks an item once the dropdown has finished sliding in. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: '我的账户' }).click();
  await opened(page.getByRole('menu'));
  await page.getByRole('menuitem', { name: item }).click();
}

/** Set E2E_SHOTS to a directory to keep a picture of each screen (for a person to look at, never for assertions). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.locator('.loading-mask.is-visible').waitFor({ state: 'detached' });
  // The mask fades out over 400 ms.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
}

/** Whether nothing on the page is wider than the window (no sideways scrolling on a phone). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
