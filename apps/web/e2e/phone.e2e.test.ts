/**
 * A phone, as a reader holds one: the bottom tab bar (首页 · 分类 · 写 · 消息 · 我的), search one tap away, the
 * footer's links within reach, the hero only on a first visit, the tour only for a first visit that starts on 首页,
 * and nothing wider than the screen.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, signInAs } from './essay-helpers.js';
import { callAs } from './factories.js';
import { appRunning, closePage, openPage, settled, storage, TOUR_SEEN_KEY, useBrowser, waitForPath } from './helpers.js';

const PHONE = { width: 390, height: 844 };

/** Visible texts of at most six characters that the browser broke over two lines or more (阅/读). */
function brokenShortTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || [...text].length > 6) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(text);
    }
    return broken;
  });
}

describe('on a phone', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('the tab bar sends a visitor to sign in and back, and 分类 opens the classification last read', async () => {
    page = await openPage(browser(), PHONE);
    await page.goto('/home');
    await appRunning(page);
    const bar = page.getByRole('navigation', { name: '底部导航' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['首页', '分类', '写', '消息', '我的']);
    for (const [tab, to] of [
      ['写', '/editorialEssay'],
      ['消息', '/myInform'],
      ['我的', '/space'],
    ] as const)
      expect(await bar.getByRole('link', { name: tab }).getAttribute('href')).toBe(`/authentication?redirect=${encodeURIComponent(to)}`);

    const { list } = await callAs('classificationsPage', { query: { pageNum: 1, pageSize: 10 } });
    const second = list[1]!;
    await page.goto(`/classifyDetails?id=${second.id}`);
    await appRunning(page);
    await bar.getByRole('link', { name: '首页' }).click();
    await waitForPath(page, '/home');
    await bar.getByRole('link', { name: '分类' }).click();
    await page.waitForURL((u) => u.pathname === '/classifyDetails' && u.searchParams.get('id') === String(second.id));
    // The address changes before the tab bar draws the new page: wait for the mark rather than read it at once.
    await expect.poll(() => bar.getByRole('link', { name: '分类' }).getAttribute('aria-current')).toBe('page');
  });

  it('search is one tap from any page, and the bar steps aside while typing and in the editor', async () => {
    const account = await registerUser('tabbar', '底栏读者');
    page = await openPage(browser(), PHONE);
    await signInAs(page, account);
    await page.goto('/bulletinBoard');
    await appRunning(page);
    const bar = page.getByRole('navigation', { name: '底部导航' });
    await bar.waitFor();
    await page.locator('.header__mobile').getByRole('link', { name: '搜索' }).click();
    await waitForPath(page, '/globalSearch');
    const box = page.getByRole('searchbox', { name: '搜索关键词' }).or(page.getByLabel('搜索关键词'));
    await expect.poll(() => box.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await bar.waitFor({ state: 'hidden' });
    await box.first().blur();
    await bar.waitFor();
    // Signed in, 写 goes straight to the editor, where the bar leaves the screen to the writing.
    expect(await bar.getByRole('link', { name: '写' }).getAttribute('href')).toBe('/editorialEssay');
    await bar.getByRole('link', { name: '写' }).click();
    await waitForPath(page, '/editorialEssay');
    await bar.waitFor({ state: 'detached' });
  });

  it("the footer's links are in the drawer, and tap targets are at least 44 px without overflow", async () => {
    for (const width of [360, 390, 414]) {
      page = await openPage(browser(), { width, height: 800 });
      await page.goto('/home');
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrollWidth at ${width}`).toBeLessThanOrEqual(0);
      expect(await brokenShortTexts(page), `short texts broken over lines at ${width} on 首页`).toEqual([]);
      const targets = page.locator('.tab-bar__item, .header__mobile .header__icon, .header__menu-button');
      const boxes = await targets.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      // The tab bar's five, and the header's search, reading settings and menu.
      expect(boxes.length).toBe(8);
      for (const b of boxes) {
        expect(b.width, `tap target width at ${width}`).toBeGreaterThanOrEqual(44);
        expect(b.height, `tap target height at ${width}`).toBeGreaterThanOrEqual(44);
      }
      // No two targets overlap.
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          expect(apart, `targets ${i} and ${j} at ${width}`).toBe(true);
        }
      await closePage(page);
      page = undefined;
    }
    const { list } = await callAs('essaysPage', { body: { pageNum: 1, pageSize: 1 } });
    page = await openPage(browser(), { width: 360, height: 800 });
    await page.goto(`/bellesDetails?id=${list[0]!.id}`);
    await settled(page);
    expect(await brokenShortTexts(page), 'short texts broken over lines on a text page').toEqual([]);
    await closePage(page);

    page = await openPage(browser(), PHONE);
    await page.goto('/home');
    await appRunning(page);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const links = page.locator('.header-drawer').getByRole('navigation', { name: '关于拾句' });
    for (const name of ['关于我们', '用户协议', '隐私政策']) await links.getByRole('link', { name }).waitFor();
    await links.getByRole('link', { name: '隐私政策' }).click();
    await waitForPath(page, '/privacy');
  });

  it("我的 holds the settings and the footer's links at 360 px", async () => {
    const account = await registerUser('mine', '我的页读者');
    page = await openPage(browser(), { width: 360, height: 780 });
    await signInAs(page, account);
    await page.goto('/home');
    await appRunning(page);
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '我的' }).click();
    await waitForPath(page, '/space');
    await page.getByRole('button', { name: '编辑资料' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'settings');
    await expect.poll(() => page!.getByRole('tab', { name: '设置' }).getAttribute('aria-selected')).toBe('true');
    const links = page.locator('main').getByRole('navigation', { name: '关于拾句' });
    await links.getByRole('link', { name: '用户协议' }).scrollIntoViewIfNeeded();
    expect(await links.getByRole('link', { name: '用户协议' }).isVisible()).toBe(true);
  });

  it('shows the hero on a first visit only, and never to a signed-in reader', async () => {
    page = await openPage(browser(), PHONE);
    await page.goto('/home');
    await appRunning(page);
    expect(await page.locator('.hero').isVisible()).toBe(true);
    // Back another day: the hero is left out from the first paint, so the feed starts on the first screen.
    await page.reload();
    await page.locator('.feed .essay-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-returning'))).toBe(true);
    expect(await page.locator('.hero').isVisible()).toBe(false);
    const top = await page
      .locator('.feed .essay-card')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(PHONE.height);
    await closePage(page);

    const account = await registerUser('hero', '回来的读者');
    page = await openPage(browser(), PHONE);
    await signInAs(page, account);
    await page.goto('/home');
    await appRunning(page);
    await page.locator('.feed').waitFor();
    expect(await page.locator('.hero').isVisible()).toBe(false);
  });

  it('a reader who arrives on a shared text never gets the tour', async () => {
    const { list } = await callAs('essaysPage', { body: { pageNum: 1, pageSize: 1 } });
    page = await openPage(browser(), { ...PHONE, tour: true });
    await page.goto(`/bellesDetails?id=${list[0]!.id}`);
    await appRunning(page);
    await settled(page);
    expect(await storage(page, TOUR_SEEN_KEY)).not.toBeNull();
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '首页' }).click();
    await waitForPath(page, '/home');
    await settled(page);
    expect(await page.locator('.tour').count()).toBe(0);
  });
});
