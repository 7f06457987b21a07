import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { closePage, openPage, settled, useBrowser, waitForPath } from './helpers.js';

const OPEN_SENTENCE = /\/api\/v1\/open\/sentence(\?|$)/;

/** The drawn sentence's link inside a 随机一句 card, and the id it points at. */
async function drawn(page: Page, scope: string): Promise<{ id: string; text: string }> {
  const link = page.locator(`${scope} .random-sentence a.random-sentence__text`);
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/bellesDetails\?id=\d+$/);
  const text = ((await link.textContent()) ?? '').trim();
  expect(text.length).toBeGreaterThan(0);
  return { id: href.split('=')[1]!, text };
}

describe('随机一句 and the open API', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  it('home: the sidebar card shows a sentence linking to its page, and 换一句 draws another', async () => {
    page = await openPage(browser());
    let draws = 0;
    page.on('request', (r) => {
      if (OPEN_SENTENCE.test(r.url())) draws++;
    });
    await page.goto('/home');
    await settled(page);
    const card = page.locator('.with-sidebar__side .random-sentence');
    await card.getByRole('heading', { name: '随机一句' }).waitFor();
    // 首页 arrives drawn by the server, its sentence included: the app shows that one and asks for none.
    const first = await drawn(page, '.with-sidebar__side');
    expect(draws).toBe(0);

    // The server keeps the reader's last 200 draws apart, so the next one is another sentence.
    const answered = page.waitForResponse((r) => OPEN_SENTENCE.test(r.url()));
    await card.getByRole('button', { name: '换一句' }).click();
    expect((await answered).status()).toBe(200);
    await expect.poll(async () => (await drawn(page, '.with-sidebar__side')).id).not.toBe(first.id);
    expect(draws).toBe(1);
    await card.getByRole('button', { name: '换一句' }).and(page.locator(':enabled')).waitFor();

    const second = await drawn(page, '.with-sidebar__side');
    await card.locator('a.random-sentence__text').click();
    await waitForPath(page, '/bellesDetails');
    expect(new URL(page.url()).searchParams.get('id')).toBe(second.id);
    await settled(page);
    await page.getByText(second.text.slice(0, 12)).first().waitFor();
  });

  it('the 404 page shows a drawn sentence, and its fixed quote when the draw fails', async () => {
    page = await openPage(browser());
    await page.goto('/no-such-page-here');
    await page.getByRole('heading', { name: '这一页没有找到' }).waitFor();
    // A drawn sentence is a link to its page (the fixed quote is not).
    await drawn(page, '.not-found');

    await page.route(OPEN_SENTENCE, (route) => route.abort());
    await page.goto('/another-missing-page');
    await page.getByRole('heading', { name: '这一页没有找到' }).waitFor();
    const quote = page.locator('.not-found .random-sentence');
    await quote.getByText('山重水复疑无路，柳暗花明又一村。').waitFor();
    await quote.getByText('—— 陆游《游山西村》').waitFor();
    expect(await quote.locator('a.random-sentence__text').count()).toBe(0);
  });

  it('/aboutOur#api lands on the developer section with embed examples', async () => {
    page = await openPage(browser());
    await page.goto('/aboutOur#api');
    const section = page.locator('section#api');
    await section.getByRole('heading', { name: '开发者：随机一句接口' }).waitFor();
    await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const code = (await section.locator('pre').allTextContents()).join('\n');
    expect(code).toContain('/api/v1/open/sentence?encode=js&select=%23quote');
    expect(code).toContain('<p id="quote">');
    expect(code).toContain("localStorage.setItem('shiju-token', data.token)");
    for (const word of ['classificationId', 'tagId', 'minLength', 'maxLength', 'author', 'RateLimit-Remaining']) {
      await section.getByText(word, { exact: true }).first().waitFor();
    }
  });
});
