/**
 * Search as a reader uses it (docs/search.md): suggestions in the header box while typing pinyin, picked with the
 * keyboard; Traditional input said back; the author card; facets that filter and stay in the URL.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appRunning, baseURL, closePage, openPage, settled, useBrowser, waitForTitle } from './helpers.js';

describe('search', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  it('suggests 李白 for "libai" in the header box; arrow keys and Enter open his results with the author card', async () => {
    page = await openPage(browser());
    await page.goto('/home');
    await appRunning(page);
    const box = page.getByRole('combobox', { name: '搜索', exact: true });
    await box.click();
    // Suggestions are a background call: while one is pending, no loading mask covers the page.
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/v1\/pc\/search\/suggest\?/, async (route) => {
      await gate;
      await route.continue();
    });
    const asked = page.waitForRequest(/\/api\/v1\/pc\/search\/suggest\?q=libai/);
    await box.pressSequentially('libai');
    await asked;
    await page.locator('.loading-mask').waitFor({ state: 'hidden' });
    release();
    const option = page.locator('.search-suggest__popup').getByRole('option', { name: /李白/ }).first();
    await option.waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/globalSearch' && u.searchParams.get('q') === '李白');
    await waitForTitle(page, '拾句 | 搜索');
    const card = page.getByRole('region', { name: '作者 李白' });
    await card.waitFor();
    await card.getByText(/唐 · \d+ 篇作品/).waitFor();
    await page.locator('.global-search__list .essay-card').first().waitFor();
  });

  it('searches Traditional input as Simplified and says so, best match first', async () => {
    page = await openPage(browser());
    await page.goto(`/globalSearch?q=${encodeURIComponent('白日依山盡')}`);
    await page.getByRole('note').getByText('已按“白日依山尽”搜索').waitFor();
    const first = page.locator('.global-search__list .essay-card').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('登鹳雀楼');
  });

  it('filters by a facet, kept in the URL, and clears it with 全部', async () => {
    page = await openPage(browser());
    await page.goto(`/globalSearch?q=${encodeURIComponent('明月')}`);
    const eras = page.getByRole('group', { name: '朝代' });
    const song = eras.getByRole('button', { name: /^宋/ });
    await song.waitFor();
    // The server drew the results; the app takes them over before the filter answers a click.
    await appRunning(page);
    await song.click();
    await page.waitForURL((u) => u.searchParams.get('dynasty') === '宋');
    await expect.poll(() => eras.getByRole('button', { name: /^宋/ }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('.global-search__list .essay-card').first().waitFor();
    await eras.getByRole('button', { name: '全部' }).click();
    await page.waitForURL((u) => !u.searchParams.has('dynasty'));
  });

  it('goes from the author card to the author page, which lists 静夜思', async () => {
    page = await openPage(browser());
    await page.goto(`/globalSearch?q=${encodeURIComponent('李白')}`);
    const card = page.getByRole('region', { name: '作者 李白' });
    await card.getByRole('link', { name: '全部作品 ›' }).click();
    await page.waitForURL((u) => u.pathname === '/author' && u.searchParams.get('name') === '李白');
    await waitForTitle(page, '拾句 | 作者 · 李白');
    await page.getByRole('heading', { name: '李白', level: 1 }).waitFor();
    await page
      .locator('.author-page__meta')
      .getByText(/^\d+ 篇作品$/)
      .waitFor();
    await page.locator('.infinite-list .essay-card', { hasText: '李白〔唐〕《静夜思》' }).first().waitFor();
    // Every card quotes him, his name linking back to this page.
    const sources = await page.locator('.infinite-list .essay-card .source-line').allTextContents();
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => s.includes('李白'))).toBe(true);
  });

  it('leaves an empty classification off 首页; its own page says it has no texts once, with one 写第一句', async () => {
    const res = await fetch(`${baseURL}/api/v1/pc/classifications/page?pageNum=1&pageSize=50`);
    const list = ((await res.json()) as { data: { list: { id: number; name: string; essayCount: number }[] } }).data.list;
    const empty = list.find((c) => c.essayCount === 0);
    const full = list.find((c) => c.essayCount > 0);
    // The starter library has no 影视台词 or 歌词: the shell of a new site.
    expect(empty).toBeDefined();
    page = await openPage(browser());
    await page.goto('/home');
    await page.locator('.chips .chip', { hasText: full!.name }).waitFor();
    expect(await page.locator('.chips .chip', { hasText: empty!.name }).count()).toBe(0);

    // Its page (reached from the classification chips there) says so and invites the first text, written under it
    // (a visitor signs in on the way).
    await page.goto(`/classifyDetails?id=${full!.id}`);
    const chip = page.locator('.classify-nav .chip', { hasText: empty!.name });
    expect(await chip.locator('.chip__count').count()).toBe(0);
    await chip.click();
    await page.waitForURL((u) => u.pathname === '/classifyDetails' && u.searchParams.get('id') === String(empty!.id));
    await waitForTitle(page, `拾句 | 分类详情 · ${empty!.name}`);
    const main = page.locator('main');
    await main.getByText('这个分类还没有作品。').waitFor();
    await settled(page);
    const said = (await main.textContent()) ?? '';
    expect(said.match(/还没有作品|还空着|待首篇/g)).toEqual(['还没有作品']);
    expect(said).not.toContain('0 篇作品');
    expect(await main.getByRole('button', { name: /写/ }).count()).toBe(1);
    await main.getByRole('button', { name: '写第一句' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/authentication' && u.searchParams.get('redirect') === `/editorialEssay?classificationId=${empty!.id}`,
    );
  });
});
