import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, signInAs } from './essay-helpers.js';
import { publishText, signInAdmin } from './factories.js';
import { closePage, fitsWidth, opened, openPage, settled, shot, useBrowser, waitForTitle, waitForToast } from './helpers.js';

/**
 * 出处与考证 at 1440 and 390 px: a reader opens a quoted text's evidence panel from its badge and adds evidence; an
 * editor marks the attribution checked in the console; the text then shows 出处已考证, its evidence one tap away.
 */
/** Taps the badge until its panel is open (a tap before the app took over the server's page does nothing). */
async function openPanel(badge: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await badge.getAttribute('aria-expanded')) !== 'true') await badge.click();
        return badge.getAttribute('aria-expanded');
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe('true');
}

describe('出处与考证', () => {
  const browser = useBrowser();
  const pages: Page[] = [];
  const fresh = async (width = 1280, touch = false) => {
    const p = await openPage(browser(), { width, height: 900, touch });
    pages.push(p);
    return p;
  };
  afterAll(async () => {
    for (const p of pages) await closePage(p);
  });

  for (const width of [1440, 390]) {
    it(`a reader adds evidence, an editor marks it checked, the badge shows (${width} px)`, async () => {
      const tag = `${width}${Date.now().toString(36).slice(-4)}`;
      const poster = await registerUser('e2e_cite', '抄诗的人');
      const content = `我自横刀向天笑，去留肝胆两昆仑。${tag}`;
      const text = await publishText(poster, {
        content,
        original: false,
        workAuthor: '谭嗣同',
        workTitle: '狱中题壁',
        citation: { work: '谭嗣同全集', chapter: '卷三', page: '287', url: 'https://example.org/tan' },
      });

      const reader = await registerUser('e2e_kz', '较真的读者');
      const page = await fresh(width, width < 600);
      await signInAs(page, reader);
      await page.goto(`/bellesDetails?id=${text.id}`);
      const line = page.locator('.attribution');
      await line.waitFor();
      await line.getByText('《谭嗣同全集》 · 卷三 · 第 287 页').waitFor();
      const link = line.getByRole('link', { name: '原始链接' });
      expect(await link.getAttribute('rel')).toContain('nofollow');
      expect(await link.getAttribute('href')).toBe('https://example.org/tan');

      // The page is drawn by the server: tap once the app has taken it over (the badge then opens the panel).
      await settled(page);
      await openPanel(line.getByRole('button', { name: '考证出处' }));
      await line.getByText('还没有读者提交证据。').waitFor();
      await line.getByRole('button', { name: '提交证据' }).click();
      const dialog = page.getByRole('dialog', { name: '提交出处证据' });
      await opened(dialog);
      // A source is required: neither a work nor a link is refused before anything is sent.
      await dialog.getByLabel('说明').fill('初刊于《谭嗣同全集》卷三，诗题作《狱中题壁》。');
      await dialog.getByRole('button', { name: '提交' }).click();
      await dialog.getByText('请至少填写书名或链接').waitFor();
      await dialog.getByPlaceholder('如：谭嗣同全集（不用书名号）').fill('谭嗣同全集');
      await dialog.getByPlaceholder('如：中华书局 1981').fill('中华书局 1981');
      await dialog.getByPlaceholder('https://…').fill('ftp://example.org/x');
      await dialog.getByRole('button', { name: '提交' }).click();
      await dialog.getByText('链接只能是 http:// 或 https:// 开头的网址').waitFor();
      await dialog.getByPlaceholder('https://…').fill('');
      await dialog.getByRole('button', { name: '提交' }).click();
      await waitForToast(page, '证据已提交，编辑会核查');
      await dialog.waitFor({ state: 'hidden' });
      await line.locator('.evidence', { hasText: '初刊于《谭嗣同全集》卷三' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `attribution-evidence-${width}`);

      const admin = await fresh(1440);
      await signInAs(admin, await signInAdmin());
      await admin.goto('/admin/attributions');
      await waitForTitle(admin, '拾句 | 管理后台');
      await settled(admin);
      const row = admin.locator('.ant-table-row', { hasText: tag });
      await row.waitFor();
      expect(await row.textContent()).toContain('支持 1 · 质疑 0');
      await row.getByRole('button', { name: '已考证' }).click();
      const decide = admin.getByRole('dialog', { name: /标记为「出处已考证」/ });
      await opened(decide);
      await decide.getByRole('textbox').fill('核对中华书局本');
      await decide.getByRole('button', { name: '确定' }).click();
      await waitForToast(admin, '已标记为：出处已考证');
      if (width === 1440) await shot(admin, 'attribution-console-1440');

      await page.reload();
      const badge = page.locator('.attribution').getByRole('button', { name: /出处已考证/ });
      await badge.waitFor();
      await settled(page);
      await openPanel(badge);
      await page.locator('.attribution').getByText('编辑说明：核对中华书局本').waitFor();
      await page.locator('.attribution .evidence', { hasText: '初刊于《谭嗣同全集》卷三' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `attribution-verified-${width}`);
    }, 180_000);
  }
});
