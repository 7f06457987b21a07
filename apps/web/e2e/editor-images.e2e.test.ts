import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng, registerUser, settled, signInAs } from './essay-helpers.js';
import { callAs } from './factories.js';
import { closePage, opened, openPage, useBrowser, waitForPath } from './helpers.js';

/** Hands the editor a PNG the way the system clipboard does when an image is pasted. */
async function pasteImage(editor: Locator, png: Buffer): Promise<void> {
  await editor.evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], '粘贴.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}

/** Drops a PNG file near the end of the editor's last paragraph, as a file dragged in from the desktop lands. */
async function dropImage(editor: Locator, png: Buffer): Promise<void> {
  await editor.evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], '拖入.png', { type: 'image/png' }));
    const box = el.lastElementChild!.getBoundingClientRect();
    const at = { clientX: box.right - 4, clientY: box.top + box.height / 2 };
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
  }, png.toString('base64'));
}

/** The blocks of a text's HTML in order: `[img]` for an uploaded image, the text of anything else. */
function blocksOf(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="\/uploads\/[^"]+"[^>]*>|<(p|h[23])\b[^>]*>(.*?)<\/\1>/g)].map((m) =>
    m[0].startsWith('<img') ? '[img]' : m[2]!.replace(/<[^>]+>/g, ''),
  );
}

describe('the editor keeps the image it just inserted', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterAll(async () => {
    if (page) await closePage(page);
  });

  it('types below an uploaded, a pasted and a dropped image, and publishes all three', async () => {
    const writer = await registerUser('imager', '配图的人');
    page = await openPage(browser());
    await signInAs(page, writer);
    await page.goto('/editorialEssay');
    await page.locator('.composer').getByText('美文', { exact: true }).click();
    await page.getByPlaceholder('给文章起个标题').fill(`三张图 ${Date.now().toString(36)}`);

    const editor = page.locator('.rte-content');
    const images = editor.locator('img[src^="/uploads/"]');
    await editor.click();
    await page.keyboard.type('开头一段。');

    await page
      .locator('[data-testid="rte-image-input"]')
      .setInputFiles({ name: '上传.png', mimeType: 'image/png', buffer: await makePng(page, '#8c3b2f') });
    await images.first().waitFor();
    await page.keyboard.type('上传之后。');
    expect(await images.count()).toBe(1);

    await pasteImage(editor, await makePng(page, '#1f6f5c'));
    await images.nth(1).waitFor();
    await page.keyboard.type('粘贴之后。');
    expect(await images.count()).toBe(2);

    await dropImage(editor, await makePng(page, '#2f4f8c'));
    await images.nth(2).waitFor();
    await page.keyboard.type('拖入之后。');
    expect(await images.count()).toBe(3);

    await page.locator('.composer__classification .ant-select').click();
    await opened(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await page.locator('.ant-select-item-option', { hasText: '散文' }).first().click();
    await settled(page);
    await page.getByRole('button', { name: '发布' }).click();
    await waitForPath(page, '/bellesDetails');
    const id = Number(new URL(page.url()).searchParams.get('id'));

    const published = await callAs('essayForm', { params: { id } }, writer.accessToken);
    expect(blocksOf(published.content)).toEqual(['开头一段。', '[img]', '上传之后。', '[img]', '粘贴之后。', '[img]', '拖入之后。']);
    const sources = [...published.content.matchAll(/src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]);
    expect(new Set(sources).size).toBe(3);
    await page.locator('.details-text__body img[src^="/uploads/"]').nth(2).waitFor();
  });
});
