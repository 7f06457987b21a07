import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, jingyesi, registerUser, settled, signInAs } from './essay-helpers.js';
import { appRunning, closePage, openPage, useBrowser } from './helpers.js';

/** Where the journey leaves its screenshots of the editor (looked at by hand; nothing compares them). */
const SHOTS = process.env.COACH_SHOTS_DIR;

describe('仿写 coach', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => {
    if (page) await closePage(page);
  });

  for (const width of [1440, 390]) {
    it(`marks a clause of an imitation of 静夜思 for its tones at ${width}px, clears it once fixed, and publishes`, async () => {
      const id = await jingyesi();
      const writer = await registerUser('coach', '学写诗的人');
      page = await openPage(browser(), { width, height: 900 });
      await signInAs(page, writer);
      await page.goto(`/imitative?id=${id}`);
      const box = page.getByPlaceholder('写下打动你的一句话…');
      await box.waitFor();
      const coach = page.getByRole('region', { name: '仿写教练' });
      await coach.waitFor();
      await settled(page);

      // 白 is 仄 where the original's 明 is 平: the first clause is marked, and says why.
      await box.fill('窗前白月光，疑是地上霜。举头望明月，低头思故乡。');
      const first = coach.locator('.coach-clause[data-index="0"]');
      const tone = first.locator('.coach-mark[data-kind="tone"]');
      await expect.poll(() => tone.getAttribute('data-ok')).toBe('false');
      expect(await tone.getAttribute('aria-label')).toContain('第3字“白”是仄，原文“明”是平');
      expect(await first.locator('.coach-ch--off').textContent()).toContain('白');
      await expect.poll(() => coach.locator('.coach__summary').textContent()).toContain('平仄 19/20');
      await tone.click();
      await page
        .getByRole('tooltip')
        .getByText(/第3字“白”是仄/)
        .waitFor();
      // The original stands beside the draft, clause by clause.
      expect(await coach.locator('.coach-clause').count()).toBe(4);
      expect(await first.getByLabel('原文：床前明月光').count()).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-${width}-marked.png`, fullPage: false });

      // Each width publishes its own words (an exact repeat of a published text is refused): 圆 for 明, both 平.
      const fixed = `窗前新月光，疑是地上霜。举头望${width === 1440 ? '明' : '圆'}月，低头思故乡。`;
      await box.fill(fixed);
      await expect.poll(() => tone.getAttribute('data-ok')).toBe('true');
      await expect.poll(() => coach.locator('.coach__summary').textContent()).toMatch(/^字数 4\/4 句相符 · 平仄 20\/20 · 押韵 ✓/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await coach.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-${width}-fixed.png`, fullPage: false });

      // It advises and never blocks: the writer shows the summary and publishes.
      await coach.getByText('发布后在作品页公开评分摘要').click();
      await page.getByRole('button', { name: '发布' }).click();
      const mine = page.locator('.imitative__list .essay-card', { hasText: fixed.slice(0, 17) });
      await mine.waitFor();
      await mine.getByText('刚刚发布').waitFor();
      const list = await callApi<{ list: { id: number; author: { id: number } }[] }>('POST', '/api/v1/es/essays/pc/page', {
        imitateOf: id,
        sort: 'new',
        pageSize: 50,
      });
      const published = list.list.find((e) => e.author.id === writer.userInfo.id)!;
      // A visitor sees the kept summary, because the writer chose to show it.
      await expect
        .poll(async () => (await callApi<{ text: string; public: boolean }>('GET', `/api/v1/pc/essays/${published.id}/coach`)).public)
        .toBe(true);
      const scores = await callApi<{ text: string }>('GET', `/api/v1/pc/essays/${published.id}/coach`);
      expect(scores.text).toMatch(/^字数 4\/4 句相符 · 平仄 20\/20 · 押韵 ✓/);

      // The writer finds their imitation in the original's family tree, with its changed words marked.
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      const tree = page.getByRole('region', { name: '仿写家族树' });
      await tree.scrollIntoViewIfNeeded();
      const node = tree.locator(`[data-node-id="${published.id}"]`);
      await node.waitFor();
      await tree.getByRole('link', { name: '学写诗的人' }).first().waitFor();
      expect((await node.locator('ins').allTextContents()).join('')).toContain('窗');
      await node.click();
      await page.waitForURL((u) => u.searchParams.get('id') === String(published.id));
    });
  }
});
