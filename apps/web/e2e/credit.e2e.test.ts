import type { Essay } from '@shiju/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, settled, signInAs, type Account } from './essay-helpers.js';
import { callAs, publishText } from './factories.js';
import { closePage, openPage, useBrowser, waitForPath } from './helpers.js';

/**
 * Credits that are true: a quote is credited to its work's author (李白〔唐〕), its poster in small type as 收录/分享;
 * an imported text's page has no watermark; an original's watermark lies beside its lines, never across them; the
 * editor's 原创/摘录 choice publishes as chosen. At a desktop and a phone width.
 */
describe.each([1440, 390])('credits and the watermark at %i px', (width) => {
  const browser = useBrowser();
  let page: Page;
  let sharer: Account;
  let imported: Essay;
  let originalId: number;
  let quoteId: number;
  let classificationId: number;

  beforeAll(async () => {
    sharer = await registerUser('credit', `分享者${width}`);
    const first = await callAs('essaysPage', { body: { pageNum: 1, pageSize: 50, sort: 'new', type: 'sentence' } });
    const found = first.list.find((e) => e.imported && e.workAuthor && e.dynasty);
    if (!found) throw new Error('the starter library has no imported sentence with an author and era');
    imported = found;
    classificationId = (await callAs('classificationsPage', { query: { pageNum: 1, pageSize: 1 } })).list[0]!.id;
    originalId = (await publishText(sharer, { content: `我在窗前写下的一句话，宽 ${width}`, original: true })).id;
    quoteId = (
      await publishText(sharer, { content: `举头望明月，低头思故乡。${width}`, original: false, workAuthor: '李白', workTitle: '静夜思' })
    ).id;
    page = await openPage(browser(), { width });
  });
  afterAll(async () => closePage(page));

  it('credits an imported text to its author and era, the editor as 收录, with no watermark', async () => {
    await page.goto(`/bellesDetails?id=${imported.id}`);
    const source = page.locator('.details-text__source');
    await source.getByText(`${imported.workAuthor}〔${imported.dynasty}〕`, { exact: false }).waitFor();
    await expect.poll(() => page.locator('.details-text__poster').textContent()).toMatch(/^收录 · /);
    expect(await source.textContent()).not.toContain(imported.author.nickname);
    expect(await page.locator('[data-watermark]').count()).toBe(0);
  });

  it('keeps an original’s watermark in a band that does not overlap the text', async () => {
    await page.goto(`/bellesDetails?id=${originalId}`);
    const band = page.locator('.details-watermark__band');
    await band.waitFor();
    const text = page.locator('.details-text');
    await expect.poll(() => text.locator('.details-text__source').textContent()).toContain(sharer.nickname);
    expect(await page.locator('.details-text__poster').count()).toBe(0);
    const a = (await band.boundingBox())!;
    const b = (await text.boundingBox())!;
    expect(a.height).toBeGreaterThan(0);
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    expect(await band.evaluate((el) => getComputedStyle(el).zIndex)).toBe('9');
  });

  it('credits a shared quote on its card to 李白 and names the sharer as 分享', async () => {
    await page.goto(`/othersInfor?id=${sharer.userInfo.id}`);
    const card = page.locator(`.essay-card[data-essay-id="${quoteId}"]`);
    await card.waitFor();
    await expect.poll(() => card.locator('.source-line .credit').textContent()).toMatch(/^李白(〔唐〕)?《静夜思》$/);
    expect(await card.locator('.credit-poster').textContent()).toBe(`分享 · ${sharer.nickname}`);
  });

  it('publishes the editor’s 摘录 without an author as 佚名, and 原创 under the writer', async () => {
    await signInAs(page, sharer);
    for (const kind of ['摘录', '原创'] as const) {
      await page.goto(`/editorialEssay?classificationId=${classificationId}`);
      const line = `${kind}的一句，编辑器里写下 ${width}`;
      await page.getByPlaceholder('写下打动你的一句话…').fill(line);
      await page.locator('.composer__kind').getByText(kind, { exact: true }).click();
      if (kind === '摘录') await page.getByPlaceholder('谁写的').waitFor();
      else expect(await page.getByPlaceholder('谁写的').count()).toBe(0);
      await settled(page);
      await page.getByRole('button', { name: '发布' }).click();
      await waitForPath(page, '/bellesDetails');
      const source = page.locator('.details-text__source');
      if (kind === '摘录') {
        await source.getByText('佚名').waitFor();
        expect(await page.locator('.details-text__poster').textContent()).toBe(`分享 · ${sharer.nickname}`);
        expect(await page.locator('[data-watermark]').count()).toBe(0);
      } else {
        await source.getByText(sharer.nickname).waitFor();
        expect(await page.locator('.details-text__poster').count()).toBe(0);
        await page.locator('[data-watermark]').waitFor();
      }
    }
  });
});
