import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForTitle } from './helpers.js';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const SHOTS = [
  { path: '/home', title: '拾句 | 首页', ready: '.chips .chip' },
  { path: '/authentication', title: '拾句 | 登录 / 注册', ready: 'form' },
  { path: '/aboutOur', title: '拾句 | 关于我们', ready: '.about' },
];

/** Screenshots for a person to look at (desktop and phone widths); they assert only that the page rendered. */
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
          const name = `${shot.path.slice(1)}-${width}.png`;
          await page.screenshot({ path: path.join(SHOTS_DIR, name), fullPage: true });
        }
      } finally {
        await closePage(page);
      }
    });
  }
});
