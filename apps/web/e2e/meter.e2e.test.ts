import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { jingyesi, settled } from './essay-helpers.js';
import { closePage, openPage, useBrowser } from './helpers.js';

describe('格律', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => {
    if (page) await closePage(page);
  });

  for (const width of [1440, 390]) {
    it(`turns on over 静夜思 at ${width}px: a 平 or 仄 over every character, its rhymes framed, a legend`, async () => {
      const id = await jingyesi();
      page = await openPage(browser(), { width, height: 900 });
      await page.goto(`/bellesDetails?id=${id}`);
      const toggle = page.getByRole('button', { name: '格律' });
      // The server draws the toggle with the page (so nothing moves when the app takes it over).
      const html = await (await page.request.get(`/bellesDetails?id=${id}`)).text();
      expect(html).toMatch(/<button[^>]*class="[^"]*meter-toggle[^"]*"[^>]*>格律<\/button>/);
      await toggle.waitFor();
      await settled(page);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      const marks = page.locator('.details-text .meter-ch');
      await expect.poll(() => marks.count()).toBe(20);
      const glyphs = await marks.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.mark));
      // Each mark is a glyph of its own (平, 仄, 中 for 可平可仄, ？), never the data's ○ or ●.
      expect(glyphs.every((g) => g === '平' || g === '仄' || g === '中' || g === '？')).toBe(true);
      expect(glyphs.slice(0, 2)).toEqual(['平', '平']);
      expect(glyphs[3]).toBe('仄');
      // The glyph is drawn above its character.
      const drawn = await marks.first().evaluate((el) =>
        getComputedStyle(el, '::before')
          .content.replace(/\s*\/.*$/, '')
          .replace(/"/g, ''),
      );
      expect(drawn).toBe('平');
      expect(await page.locator('.details-text .meter-ch--rhyme').allTextContents()).toEqual(['光', '霜', '乡']);
      await page.getByRole('list', { name: '格律图例' }).getByText('仄声').waitFor();
      await page.getByText('平仄取自《全唐诗》《全宋诗》存录的标注').waitFor();
      // For screen readers, the tones clause by clause.
      expect(await page.getByRole('list', { name: '逐句平仄' }).locator('li').first().textContent()).toMatch(
        /^床前明月光：平平.仄平，韵脚光$/,
      );
      // The page stays within the screen's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await toggle.click();
      await expect.poll(() => marks.count()).toBe(0);
      expect(await page.locator('.details-text').textContent()).toContain('床前明月光');
    });
  }
});
