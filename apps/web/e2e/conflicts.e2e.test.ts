import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jingyesi, registerUser, signInAs } from './essay-helpers.js';
import { callAs, publishText, signInAdmin } from './factories.js';
import { closePage, fitsWidth, opened, openPage, settled, shot, useBrowser, waitForTitle, waitForToast } from './helpers.js';

describe('attribution conflicts', () => {
  const browser = useBrowser();
  const pages: Page[] = [];
  const fresh = async (width: number) => {
    const p = await openPage(browser(), { width, height: width > 800 ? 900 : 844 });
    pages.push(p);
    return p;
  };
  afterAll(async () => {
    for (const p of pages) await closePage(p);
  });

  it('shows an editor a post crediting 静夜思 to another poet, at both widths, and records the right author', async () => {
    const writer = await registerUser('e2e_conf', '抄诗的人');
    const post = await publishText(writer, {
      content: '床前明月色，疑是地下霜。举头望明月，低头思故园。',
      workAuthor: '杜甫',
      workTitle: '夜思',
    });
    const original = await jingyesi();
    const admin = await signInAdmin();
    for (const width of [390, 1440]) {
      const page = await fresh(width);
      await signInAs(page, admin);
      await page.goto('/admin/conflicts');
      await waitForTitle(page, '拾句 | 管理后台');
      await settled(page);
      const group = page.locator('.admin-conflict', { hasText: `#${post.id}` });
      await group.waitFor();
      expect(await group.textContent()).toContain('杜甫');
      expect(await group.textContent()).toContain(`#${original}`);
      await shot(page, `conflicts-user-${width}`);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('tab', { name: '典籍内部' }).click();
      await settled(page);
      await shot(page, `conflicts-corpus-${width}`);
      expect(await fitsWidth(page)).toBe(true);
      if (width === 1440) {
        await page.getByRole('tab', { name: '用户发布' }).click();
        const member = group.locator('.admin-conflict__member', { hasText: `#${original}` });
        await member.getByRole('button', { name: '署名正确' }).click();
        const dialog = page.getByRole('dialog');
        await opened(dialog);
        await dialog.getByLabel('考证说明（选填，如出处）').fill('见《李太白文集》');
        await shot(page, `conflicts-resolve-${width}`);
        await dialog.getByRole('button', { name: '确定' }).click();
        await waitForToast(page, '已认定作者为李白');
        const after = await callAs('attribution', { params: { id: post.id } });
        expect(after.attributionStatus).toBe('disputed');
      }
    }
  });
});
