import { PAGES, pageTitle } from '@shiju/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appRunning, closePage, openPage, pathOf, useBrowser, waitForPath, waitForTitle, waitForTitleStart } from './helpers.js';

describe('routes', () => {
  const browser = useBrowser();
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser());
  });
  afterAll(async () => closePage(page));

  it('/ lands on /home', async () => {
    await page.goto('/');
    await waitForPath(page, '/home');
    await waitForTitle(page, '拾句 | 首页');
  });

  it('a visitor who opens the editor is sent to sign in and comes back to it', async () => {
    await page.goto('/editorialEssay');
    await waitForPath(page, '/authentication');
    await waitForTitle(page, pageTitle('登录 / 注册'));
    expect(pathOf(page)).toBe(`/authentication?redirect=${encodeURIComponent('/editorialEssay')}`);
  });

  // The editor asks a visitor to sign in (above); every other page is titled and drawn for a visitor.
  const visitorPages = PAGES.filter((p) => p.path !== '/editorialEssay');
  it.each(visitorPages.map((p) => [p.path, p.title] as const))('%s is titled 拾句 | %s', async (path, title) => {
    await page.goto(path);
    // 分类详情 without an id shows the first classification, and names it: `拾句 | 分类详情 · 美句`.
    if (path === '/classifyDetails') await waitForTitleStart(page, `${pageTitle(title)} · `);
    else await waitForTitle(page, pageTitle(title));
    expect(pathOf(page)).toBe(path);
    // Rendered inside the shell.
    await page.locator('header.header').waitFor();
    await page.locator('footer.footer').getByText('© 2026 拾句').waitFor();
  });

  it('an unknown address shows a friendly 404 inside the shell with a way home', async () => {
    await page.goto('/no/such/page');
    await waitForTitle(page, '拾句 | 页面不存在');
    await page.getByRole('heading', { name: '这一页没有找到' }).waitFor();
    await page.locator('header.header').waitFor();
    await page.getByRole('link', { name: '回到首页' }).click();
    await waitForPath(page, '/home');
    await waitForTitle(page, '拾句 | 首页');
  });

  it('home, classification details and best of the week set keywords and description', async () => {
    for (const path of ['/home', '/classifyDetails', '/bestWeek']) {
      await page.goto(path);
      const meta = await page.evaluate(() => ({
        keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '',
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      }));
      expect(meta.keywords, path).toContain('拾句');
      expect(meta.description.length, path).toBeGreaterThan(10);
    }
    await page.goto('/bestWeek');
    await page.waitForFunction(() => document.querySelector('meta[name="description"]')?.getAttribute('content')?.includes('每周'));
  });

  it('every navigation scrolls to the top', async () => {
    await page.goto('/aboutOur');
    await waitForTitle(page, '拾句 | 关于我们');
    await page.getByRole('heading', { name: '关于拾句' }).waitFor();
    await page.waitForFunction(() => document.body.scrollHeight > window.innerHeight + 200);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator('footer.footer').getByRole('link', { name: '公告' }).click();
    await waitForTitle(page, '拾句 | 公告');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('a page whose code fails to load sends the browser to its full address', async () => {
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    let failed = 0;
    await page.route(/\/assets\/AboutOur-[^/]+\.js$/, async (route) => {
      if (failed++ === 0) return route.abort('failed');
      return route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await page.locator('footer.footer').getByRole('link', { name: '关于我们' }).click();
    await reloaded;
    expect(pathOf(page)).toBe('/aboutOur');
    await page.getByRole('heading', { name: '关于拾句' }).waitFor();
    // The server drew the page; the app takes it over once the page's code has come this time.
    await appRunning(page);
    expect(failed).toBe(2);
    await page.unroute(/\/assets\/AboutOur-[^/]+\.js$/);
  });
});
