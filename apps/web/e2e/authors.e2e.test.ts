/**
 * An author page by dynasty, as a reader goes: 作者与朝代 → 唐 → 李白 (朝代, 代表作, 全部作品) → a work, whose page
 * says 作者 · 朝代 · 出处 with links back; on a desk (1440) and a phone (390).
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appRunning, closePage, openPage, useBrowser, waitForTitle } from './helpers.js';

describe('authors and dynasties', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`goes from the dynasties to 唐, to 李白 and to one of his works (${width} px)`, async () => {
      page = await openPage(browser(), { width, height });
      await page.goto('/author');
      await waitForTitle(page, '拾句 | 作者');
      await page.getByRole('heading', { name: '作者与朝代', level: 1 }).waitFor();
      const rows = page.locator('.dynasty-row');
      // Every dynasty in reading order, the Tang row with its count.
      expect((await rows.locator('.dynasty-row__name').allTextContents()).map((s) => s.trim())).toEqual([
        '先秦',
        '汉',
        '魏晋',
        '南北朝',
        '隋唐',
        '五代',
        '宋',
        '元',
        '明',
        '清',
        '近现代',
      ]);
      const tangRow = rows.filter({ hasText: '隋唐' });
      expect(await tangRow.locator('.dynasty-row__meta').textContent()).toMatch(/^\d+ 位作者 · [\d,.万]+ 篇作品$/);
      await appRunning(page);

      await tangRow.getByRole('link', { name: '唐', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/author' && u.searchParams.get('dynasty') === '唐');
      await waitForTitle(page, '拾句 | 作者 · 唐');
      await page.getByRole('heading', { name: '唐代作者', level: 1 }).waitFor();
      const li = page.locator('.author-row', { hasText: '李白' }).first();
      await li.waitFor();
      await li.click();

      await page.waitForURL((u) => u.pathname === '/author' && u.searchParams.get('name') === '李白');
      await waitForTitle(page, '拾句 | 作者 · 李白');
      await page.getByRole('heading', { name: '李白', level: 1 }).waitFor();
      const head = page.locator('.author-page__head');
      await head.getByRole('link', { name: '唐', exact: true }).waitFor();
      expect(await head.locator('.author-page__bio').textContent()).toMatch(/^李白，字太白/);
      const top = head.locator('.author-page__top a');
      expect(await top.count()).toBe(5);
      await page.locator('.infinite-list .essay-card').first().waitFor();
      await page.locator('.author-page__peers a').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const title = (await top.first().textContent())!.trim();
      await top.first().click();
      await page.waitForURL((u) => u.pathname === '/bellesDetails');
      const line = page.locator('.work-line');
      await line.waitFor();
      await line.getByRole('link', { name: '李白' }).waitFor();
      await line.getByRole('link', { name: '唐' }).waitFor();
      expect(await line.locator('dt').allTextContents()).toEqual(expect.arrayContaining(['作者', '朝代']));
      expect(await page.title()).toContain(title.slice(0, 4));
    });
  }
});
