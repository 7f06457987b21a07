/**
 * A text's view, counted once. The server draws a text's page for a visitor without counting (its own calls count
 * no view) and the app takes it over without asking for the details again; the page then counts the view with the
 * small essayView call, quietly. A reader whose app asks for the details itself is counted by that call.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, signInAs } from './essay-helpers.js';
import { callAs, publishText, signInAdmin } from './factories.js';
import { appRunning, closePage, openPage, useBrowser } from './helpers.js';

const DETAILS = 'POST /api/v1/pc/essays/details';
const VIEW = 'POST /api/v1/pc/essays/view';
const VISITOR_COOKIE = 'sj_vid';

/** The page's calls to the API, as `METHOD /path`, from the moment it opens. */
function apiCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

/** Whether the loading mask has shown in this document, watched from before the app's code runs. */
async function watchMask(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __masked?: boolean };
    w.__masked = false;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (document.querySelector('.loading-mask.is-visible')) w.__masked = true;
      }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
  });
  return () => page.evaluate(() => (window as unknown as { __masked?: boolean }).__masked === true);
}

describe("a text's view", () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('is counted once for a visitor whose page the server drew: one quiet essayView, no second details call', async () => {
    const author = await registerUser('viewed', '被读的人');
    const text = await publishText(author, { content: `读一次，计一次。${Date.now()}` });
    expect(text.status).toBe('published');
    const admin = await signInAdmin();
    const views = async () => {
      const { list } = await callAs('adminEssaysPage', { query: { authorId: author.userInfo.id, pageSize: 100 } }, admin.accessToken);
      return list.find((e) => e.id === text.id)!.views;
    };
    expect(await views()).toBe(0);

    page = await openPage(browser());
    const masked = await watchMask(page);
    const calls = apiCalls(page);
    // The start's activity call answers late (as on a slow network), so the view would otherwise go out before any
    // visitor cookie exists.
    let activityAnswered = false;
    await page.route('**/api/pc/pc-users/userActive', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
      activityAnswered = true;
    });
    const viewCookies: Promise<string>[] = [];
    let viewsBeforeActivity = 0;
    page.on('request', (r) => {
      if (`${r.method()} ${new URL(r.url()).pathname}` !== VIEW) return;
      viewsBeforeActivity += activityAnswered ? 0 : 1;
      viewCookies.push(r.allHeaders().then((h) => h.cookie ?? ''));
    });
    await page.goto(`/bellesDetails?id=${text.id}`);
    // The server drew the page with its answers (the app's own markup and its state), counting nothing.
    expect(await page.locator('#shiju-state').count()).toBe(1);
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c === VIEW)).toHaveLength(1);
    expect(calls.filter((c) => c === DETAILS)).toEqual([]);
    expect(await masked()).toBe(false);
    // The view buffer writes every couple of seconds: the count reaches one and stays there.
    await expect.poll(views).toBe(1);
    expect(calls.filter((c) => c === VIEW)).toHaveLength(1);
    // A first visit has no visitor cookie: the view waits for the start's activity call to bring one, so it counts
    // under the key this browser keeps, and a reload within the hour is the same visitor, not a second view.
    const visitor = (await page.context().cookies()).find((c) => c.name === VISITOR_COOKIE);
    expect(visitor?.value).toBeTruthy();
    expect(viewsBeforeActivity).toBe(0);
    expect(await viewCookies[0]).toContain(`${VISITOR_COOKIE}=${visitor!.value}`);
    await closePage(page);

    // A signed-in reader's app asks for the details itself (its page differs from a visitor's): that call counts.
    const reader = await registerUser('viewer', '读者');
    page = await openPage(browser());
    await signInAs(page, reader);
    const readerCalls = apiCalls(page);
    await page.goto(`/bellesDetails?id=${text.id}`);
    await appRunning(page);
    await page.locator('#root .details-text').waitFor();
    await page.waitForLoadState('networkidle');
    expect(readerCalls.filter((c) => c === DETAILS)).toHaveLength(1);
    expect(readerCalls.filter((c) => c === VIEW)).toEqual([]);
    await expect.poll(views).toBe(2);
  });
});
