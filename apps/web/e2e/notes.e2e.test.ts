/**
 * Notes on a classical text, as a reader goes: 岳阳楼记 arrives drawn by the server with its 注释 underlined and listed
 * after the text; a tap opens one; the 译文, shown as a block by default, is switched to line by line and sits under
 * each paragraph (and stays so on reload); on a desk (1440) and a phone (390).
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs } from './factories.js';
import { appRunning, closePage, openPage, useBrowser, waitForTitleStart } from './helpers.js';

async function yueyanglouji(): Promise<number> {
  const found = await callAs('essaysPage', { body: { keyword: '岳阳楼记', type: 'essay', pageSize: 10 } });
  const e = found.list.find((x) => x.title === '岳阳楼记');
  if (!e) throw new Error('岳阳楼记 is not in the starter library');
  return e.id;
}

describe('notes on a text', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`a reader opens 岳阳楼记, taps a 注释 and reads the 译文 line by line (${width} px)`, async () => {
      const id = await yueyanglouji();
      page = await openPage(browser(), { width, height });
      // What the server sends already has the notes: underlines in the text and the numbered list after it.
      const html = await (await page.goto(`/bellesDetails?id=${id}`))!.text();
      expect(html).toContain('class="note-mark"');
      expect(html).toContain('notes__glosses');
      await waitForTitleStart(page, '拾句 | ');
      await appRunning(page);

      const body = page.locator('.details-text__body');
      const mark = body.locator('.note-mark', { hasText: '谪守' }).first();
      await mark.waitFor();
      const list = page.locator('.notes__glosses li');
      expect(await list.count()).toBeGreaterThanOrEqual(25);
      expect(await list.filter({ hasText: '谪守' }).first().textContent()).toContain('因罪被贬');

      await mark.click();
      const card = page.locator('.note-card');
      await card.waitFor();
      expect(await card.locator('.note-card__quote').textContent()).toBe('谪守');
      expect(await card.locator('.note-card__body').textContent()).toContain('因罪被贬');
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await card.getByRole('button', { name: '关闭' }).click();
      await card.waitFor({ state: 'detached' });

      // 译文: a block below by default; line by line puts each paragraph's 译文 under it.
      const block = page.locator('.notes__translation p');
      expect(await block.count()).toBe(6);
      expect(await body.locator('.note-line-tr').count()).toBe(0);
      await page.getByRole('radio', { name: '逐句' }).click();
      const lines = body.locator('p.note-line-tr');
      await expect.poll(() => lines.count()).toBe(6);
      expect(await lines.first().textContent()).toContain('庆历四年的春天');
      // Each 译文 follows its own paragraph.
      const order = await body.locator('p').evaluateAll((ps) => ps.map((p) => (p.classList.contains('note-line-tr') ? 'tr' : 'text')));
      expect(order).toEqual(['text', 'tr', 'text', 'tr', 'text', 'tr', 'text', 'tr', 'text', 'tr', 'text', 'tr']);
      expect(await page.locator('.notes__translation').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The choice is the reader's, kept on reload.
      await page.reload();
      await appRunning(page);
      await expect.poll(() => body.locator('p.note-line-tr').count()).toBe(6);
    });
  }
});
