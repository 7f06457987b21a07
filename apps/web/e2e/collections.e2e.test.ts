/**
 * 收藏夹, as readers go: one makes a public 收藏夹 in their space, puts two texts in it from the texts' 收藏到…, and
 * opens its page; a visitor gets that page drawn by the server; a second reader follows it. On a desk (1440) and a
 * phone (390).
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs } from './factories.js';
import { registerUser, signInAs } from './essay-helpers.js';
import { appRunning, baseURL, closePage, fitsWidth, openPage, useBrowser, waitForToast } from './helpers.js';

async function twoTexts(): Promise<{ id: number; summary: string }[]> {
  const found = await callAs('essaysPage', { body: { pageSize: 2, sort: 'new' } });
  if (found.list.length < 2) throw new Error('the starter library has fewer than two texts');
  return found.list.map((e) => ({ id: e.id, summary: e.summary }));
}

describe('收藏夹', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`a reader makes a public 收藏夹, adds two texts, and another follows it (${width} px)`, async () => {
      const texts = await twoTexts();
      const owner = await registerUser('fold', '收藏者');
      const name = `山水${width}`;
      page = await openPage(browser(), { width, height });
      await signInAs(page, owner);

      // 我的收藏夹 in the space: the default one is there; a new one is public unless unticked.
      await page.goto('/space?tab=collects');
      await appRunning(page);
      await page.locator('.folder-card', { hasText: '默认收藏夹' }).waitFor();
      await page.getByRole('button', { name: '新建收藏夹' }).click();
      const form = page.locator('dialog[open] .folder-form');
      await form.getByLabel('名称').fill(name);
      await form.getByLabel('简介（可不填）').fill('读过就忘不了的山水句子');
      await form.getByRole('button', { name: '新建' }).click();
      await page.locator('.folder-card', { hasText: name }).waitFor();
      expect(await fitsWidth(page)).toBe(true);

      // Each text: 收藏到… → tick the folder → 保存.
      for (const t of texts) {
        await page.goto(`/bellesDetails?id=${t.id}`);
        await appRunning(page);
        await page.getByRole('button', { name: '收藏到…' }).first().click();
        const picker = page.locator('dialog[open]');
        await picker.getByLabel(name).check();
        await picker.getByRole('button', { name: '保存' }).click();
        await waitForToast(page, '已保存到收藏夹');
        await expect.poll(() => page.locator('.reaction--collect').first().getAttribute('aria-pressed')).toBe('true');
      }

      const mine = await callAs('myCollections', {}, owner.accessToken);
      const folder = mine.list.find((f) => f.name === name)!;
      expect(folder.itemCount).toBe(2);

      // The owner's page of it: both texts, the owner's tools, nothing wider than the screen.
      await page.goto(`/collection?id=${folder.id}`);
      await appRunning(page);
      await expect.poll(() => page.locator('.collection-page .essay-card').count()).toBe(2);
      expect(await page.getByRole('button', { name: '移出' }).count()).toBe(2);
      expect(await fitsWidth(page)).toBe(true);
      // 下移 on the first text puts it after the second.
      const ordered = async () =>
        (await callAs('collectionItems', { params: { id: folder.id }, query: {} }, owner.accessToken)).list.map((e) => e.id);
      const before = await ordered();
      await page.locator('.collection-item__actions').first().getByRole('button', { name: '下移' }).click();
      await expect.poll(ordered).toEqual([...before].reverse());

      // 我的收藏与划线: the owner finds a text of the folder by its words.
      const words = Array.from(texts[0]!.summary.replace(/[^\p{Script=Han}]/gu, ''))
        .slice(0, 4)
        .join('');
      await page.goto(`/globalSearch?q=${encodeURIComponent(words)}&type=mine`);
      await appRunning(page);
      await page.locator('.search-mine__folders', { hasText: name }).first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await closePage(page);

      // A visitor's copy is drawn by the server, with its feed.
      const html = await (await fetch(`${baseURL}/collection?id=${folder.id}`)).text();
      expect(html).toContain(name);
      // Drawn by the app's own page (ssr/render.tsx), not only the plain markup.
      expect(html).toContain('class="collection-head');
      expect(html).toContain('shiju-state');
      expect(html).toContain(`collection-${folder.id}.rss`);

      // A second reader follows it.
      const fan = await registerUser('fan', '关注者');
      page = await openPage(browser(), { width, height });
      await signInAs(page, fan);
      await page.goto(`/collection?id=${folder.id}`);
      await appRunning(page);
      await page.getByRole('button', { name: '关注收藏夹' }).click();
      await page.getByRole('button', { name: '已关注' }).waitFor();
      expect((await callAs('collection', { params: { id: folder.id } }, fan.accessToken)).following).toBe(true);
      expect(await page.getByRole('button', { name: '移出' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);

      // The owner's public folders head TA的收藏.
      await page.goto(`/othersCollect?id=${owner.userInfo.id}`);
      await appRunning(page);
      await page.locator('.folder-card', { hasText: name }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
    });
  }
});
