/**
 * 每日回顾 and 默写, as a reader on a desk (1440) and a phone (390): opt in on /space, recall a collected line,
 * write one from memory in Traditional characters with a pinyin hint, answer one offline (the review page's worker
 * has kept the page and the day's cards), come back online and see it synced; the streak and heat map on /space; signing out
 * clears the offline copy.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs, publishText } from './factories.js';
import { registerUser, signInAs } from './essay-helpers.js';
import { appRunning, closePage, fitsWidth, openPage, shot, useBrowser, waitForToast } from './helpers.js';
import { blankedIndexes } from '../src/features/review/components/dictation.js';

/** Every character of this line has a Traditional form of its own, so typing it in 繁體 is a real test. */
const TRADITIONAL: Record<string, string> = { 书: '書', 东: '東', 风: '風', 乐: '樂', 门: '門', 鸟: '鳥', 马: '馬', 鱼: '魚', 龙: '龍' };
const LINE = '书东风乐门，鸟马鱼龙。';

describe('每日回顾', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`a reader recalls, writes from memory, answers offline and syncs (${width} px)`, async () => {
      const writer = await registerUser('revw', '写句子的人');
      const reader = await registerUser('revr', '回顾者');
      for (const content of [`${LINE}${width}`, `春眠不觉晓，处处闻啼鸟。${width}`, `海内存知己，天涯若比邻。${width}`]) {
        const id = (await publishText(writer, { content, workAuthor: '王维' })).id;
        await callAs('like', { body: { essayId: id, type: 'collect' } }, reader.accessToken);
      }

      page = await openPage(browser(), { width, height });
      await signInAs(page, reader);
      // Opt in on /space.
      await page.goto('/space');
      await appRunning(page);
      const panel = page.locator('.review-panel');
      await panel.getByRole('button', { name: '开启每日回顾' }).click();
      await panel.getByRole('link', { name: '开始今天的回顾' }).waitFor();
      await panel.getByRole('link', { name: '开始今天的回顾' }).click();
      await page.waitForURL('**/review');
      const card = page.locator('.review-card');
      await card.waitFor();
      expect(await page.locator('.review-bar__progress').textContent()).toBe('0 / 3');
      const cards = (await callAs('reviewToday', {}, reader.accessToken)).cards;
      expect(cards).toHaveLength(3);
      // The page and the day's cards are kept by the review page's worker.
      // (The reader came from /space: no document of /review was loaded, so the page hands them over itself.)
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const c = await caches.open('shiju-review-v1');
              return Boolean((await c.match('/review')) && (await c.match('/api/v1/app/review/today')));
            }),
          { timeout: 15_000 },
        )
        .toBe(true);

      // 回忆, card by card in the day's order up to the line written from memory: the credit first, the line on
      // request, then 记得.
      const dictation = cards.find((c) => c.text.startsWith(LINE))!;
      let recalled = 0;
      for (const c of cards) {
        if (c.id === dictation.id) break;
        await expect.poll(async () => Number(await card.getAttribute('data-card-id'))).toBe(c.id);
        expect(await card.locator('.review-card__credit').textContent()).toBe('—— 王维');
        await card.getByRole('button', { name: '显示原句' }).click();
        expect(await card.locator('.review-card__text').textContent()).toBe(c.text);
        expect(await fitsWidth(page)).toBe(true);
        if (recalled === 0) await shot(page, `review-recall-${width}`);
        await card.getByRole('button', { name: '记得' }).click();
        recalled++;
        await expect.poll(() => page.locator('.review-bar__progress').textContent()).toBe(`${recalled} / 3`);
      }

      // 默写 of the line whose characters all have Traditional forms.
      await page.getByRole('radio', { name: '默写' }).click();
      await expect.poll(async () => Number(await card.getAttribute('data-card-id'))).toBe(dictation.id);
      const blanks = blankedIndexes(dictation.text, dictation.id);
      expect(await card.locator('.review-blank').count()).toBe(blanks.length);
      await card.getByRole('button', { name: '拼音提示' }).click();
      await expect.poll(() => card.locator('.review-blank__py').first().textContent()).not.toBe('');
      const typed = blanks.map((i) => TRADITIONAL[[...dictation.text][i]!] ?? [...dictation.text][i]).join('');
      await card.getByLabel(/依次写出空缺的/).fill(typed);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `review-dictation-${width}`);
      await card.getByRole('button', { name: '检查' }).click();
      await card.getByText(`全部写对了（${blanks.length} 个字）`).waitFor();
      await shot(page, `review-checked-${width}`);

      // Offline: the answer waits on this device (the page keeps it across a reload).
      const context = page.context();
      await context.setOffline(true);
      await card.getByRole('button', { name: '记得' }).click();
      const banner = page.locator('.review-offline');
      await banner.getByText('离线中').waitFor();
      const answeredOffline = dictation.id;
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shiju:reviewOutbox') ?? '[]').length)).toBe(1);
      await shot(page, `review-offline-${width}`);
      const waiting = (await callAs('reviewToday', {}, reader.accessToken)).cards.find((c) => c.id === answeredOffline)!;
      expect(waiting.answered).toBeNull();
      // The page opens again offline, from the worker's copy, the answer still waiting on this device.
      await page.reload();
      await page.locator('.review-bar__progress').waitFor();
      expect(await page.title()).toBe('拾句 | 每日回顾');
      await banner.getByText('离线中').waitFor();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shiju:reviewOutbox') ?? '[]').length)).toBe(1);

      // Online again: the answer is sent with the time it was made.
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await callAs('reviewToday', {}, reader.accessToken)).cards.find((c) => c.id === answeredOffline)!.answered)
        .toBe('good');

      // The rest, then /space shows today in the heat map and the streak.
      await page.getByRole('radio', { name: '回忆' }).click();
      for (const c of cards.slice(cards.indexOf(dictation) + 1)) {
        await expect.poll(async () => Number(await card.getAttribute('data-card-id'))).toBe(c.id);
        await card.getByRole('button', { name: '显示原句' }).click();
        expect(await card.locator('.review-card__text').textContent()).toBe(c.text);
        await card.getByRole('button', { name: '忘了' }).click();
      }
      await page.getByText('今天的 3 句都回顾完了').waitFor();
      await page.goto('/space');
      await appRunning(page);
      await panel.getByText('已连续').waitFor();
      expect(await panel.locator('.review-panel__streak strong').textContent()).toBe('1');
      await expect.poll(() => panel.locator('.heat-cell[data-count="3"]').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `review-space-${width}`);

      // Signing out clears the offline copy and the worker.
      await page.evaluate(() => localStorage.setItem('shiju:reviewOutbox', '[{"cardId":1}]'));
      if (width === 1440) {
        await page.getByRole('button', { name: '我的账户' }).click();
        await page.getByRole('menuitem', { name: '退出登录' }).click();
      } else {
        await page.getByRole('button', { name: '打开菜单' }).click();
        await page.getByRole('dialog', { name: '菜单' }).getByRole('button', { name: '退出登录' }).click();
      }
      await waitForToast(page, '已退出登录');
      await expect.poll(() => page.evaluate(() => caches.has('shiju-review-v1'))).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('shiju:reviewOutbox'))).toBeNull();
    });
  }
});
