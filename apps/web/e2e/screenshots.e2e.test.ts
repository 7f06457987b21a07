import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForTitle } from './helpers.js';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const SHOTS = [
  { path: '/home', title: '拾句 | 首页', ready: '.chips .chip' },
  { path: '/authentication', title: '拾句 | 登录 / 注册', ready: 'main form' },
  { path: '/aboutOur', title: '拾句 | 关于我们', ready: '.about' },
];

/** The width and height a PNG declares in its IHDR chunk (bytes 16–23). */
function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * Screenshots for a person to look at (desktop and phone widths). Each page must fit its width — no sideways
 * scrolling on a phone — and the picture written must show the whole page at that width.
 */
describe('screenshots', () => {
  const browser = useBrowser();
  fs.mkdirSync(SHOTS_DIR, { recursive: true });

  for (const width of [1280, 375]) {
    it(`at ${width} px`, async () => {
      const page = await openPage(browser(), { width, height: width > 800 ? 900 : 812 });
      try {
        for (const shot of SHOTS) {
          await page.goto(shot.path);
          await waitForTitle(page, shot.title);
          await page.locator(shot.ready).first().waitFor();
          await page.locator('.loading-mask').waitFor({ state: 'hidden' });
          await page.waitForLoadState('networkidle');
          const pageSize = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight,
          }));
          expect(pageSize.width, `${shot.path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
          const file = path.join(SHOTS_DIR, `${shot.path.slice(1)}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const shotSize = pngSize(file);
          expect(shotSize.width).toBe(width);
          expect(shotSize.height).toBeGreaterThanOrEqual(pageSize.height);
        }
      } finally {
        await closePage(page);
      }
    });
  }
});
