/**
 * Reading aids in Chromium at 1440 and 390 px: 繁體 and dark mode chosen in the settings stay after a reload (the
 * server draws the page in them: no flash of the wrong theme), for a visitor and for a signed-in reader on a fresh
 * browser; 竖排 on 静夜思; 拼音 over its characters.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, jingyesi, registerUser, settled, signInAs } from './essay-helpers.js';
import { appRunning, closePage, openPage, useBrowser } from './helpers.js';

const marks = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    zh: document.documentElement.dataset.zh ?? null,
    background: getComputedStyle(document.body).backgroundColor,
  }));

/** Opens the reading settings from the header and makes two choices. */
async function chooseInSettings(page: Page, choices: string[]): Promise<void> {
  await page.locator('.header').getByRole('button', { name: '阅读设置' }).click();
  // Found by its class (the header and the toolbar each have one; this is the open one): its name turns 繁體 with
  // the page once that is chosen.
  const dialog = page.locator('dialog.reading-drawer[open]');
  await dialog.waitFor();
  for (const choice of choices) {
    const radio = dialog.getByRole('radio', { name: choice });
    await radio.click();
    await expect.poll(() => radio.getAttribute('aria-checked')).toBe('true');
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** After a (re)load: dark and Traditional from the first paint, the server's own copy included. */
async function reloadedDarkTraditional(page: Page, reload: () => Promise<unknown>): Promise<void> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/bellesDetails')), reload()]);
  const html = await response.text();
  expect(html).toContain('舉頭望明月');
  expect(html).toContain('data-zh="tw"');
  expect(response.headers()['cache-control']).toContain('private');
  await page.waitForLoadState('domcontentloaded');
  // Before the app runs: the blocking start script has marked the theme, the server's page is already 繁體.
  const first = await marks(page);
  expect(first.theme).toBe('dark');
  expect(first.zh).toBe('tw');
  await page.waitForLoadState('load');
  expect((await marks(page)).background).toBe('rgb(23, 22, 21)');
  await appRunning(page);
  await settled(page);
  await page.getByText('舉頭望明月', { exact: false }).first().waitFor();
  expect(await page.title()).toContain('靜夜思');
  // The text as drawn: its colour against its card's, at least 4.5:1.
  const ratio = await page.locator('.reading-surface .details-text').evaluate((card) => {
    const text = card.querySelector('.details-text__sentence, .details-text__body') ?? card;
    const rgb = (c: string) =>
      c
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [hi, lo] = [lum(getComputedStyle(text).color), lum(getComputedStyle(card).backgroundColor)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
  expect(await page.locator('body').innerText()).not.toContain('举头望明月');
}

describe('reading aids', () => {
  const browser = useBrowser();
  const pages: Page[] = [];
  const fresh = async (width: number) => {
    const p = await openPage(browser(), { width, height: 900 });
    pages.push(p);
    return p;
  };
  afterEach(async () => {
    for (const p of pages.splice(0)) await closePage(p);
  });

  for (const width of [1440, 390]) {
    it(`a visitor switches to 繁體 and dark mode at ${width}px and reloads: still so`, async () => {
      const id = await jingyesi();
      const page = await fresh(width);
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      await settled(page);
      expect((await marks(page)).theme).toBe('light');

      await chooseInSettings(page, ['深色', '繁體·臺灣']);
      await expect.poll(async () => (await marks(page)).zh, { timeout: 15_000 }).toBe('tw');
      expect((await marks(page)).theme).toBe('dark');
      await page.getByText('舉頭望明月', { exact: false }).first().waitFor();

      await reloadedDarkTraditional(page, () => page.reload());
    });

    it(`竖排 sets 静夜思 top to bottom, right to left at ${width}px`, async () => {
      const id = await jingyesi();
      const page = await fresh(width);
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      await settled(page);
      const toggle = page.locator('.reading-toolbar [data-aid="vertical"]');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      const article = page.locator('.reading-surface .details-text');
      const style = await article.evaluate((el) => {
        const s = getComputedStyle(el);
        return { mode: s.writingMode, features: s.fontFeatureSettings, overflow: s.overflowX };
      });
      expect(style.mode).toBe('vertical-rl');
      expect(style.features).toContain('vert');
      expect(style.overflow).toBe('auto');
      // The first line stands right of the last one (columns run right to left).
      const text = page.locator('.reading-surface .details-text :is(.details-text__sentence, .details-text__body)').first();
      const box = (await text.boundingBox())!;
      expect(box.height).toBeGreaterThan(box.width / 4);
      const [first, last] = await text.evaluate((el) => {
        const range = document.createRange();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n.nodeValue ?? '').trim()) nodes.push(n as Text);
        const at = (node: Text, i: number) => {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().x;
        };
        const lastNode = nodes.at(-1)!;
        return [at(nodes[0]!, 0), at(lastNode, lastNode.nodeValue!.trimEnd().length - 1)];
      });
      expect(first).toBeGreaterThan(last);
      // A phone starts at the text's beginning: the right edge.
      const scroll = await article.evaluate((el) => ({ left: el.scrollLeft, wide: el.scrollWidth > el.clientWidth }));
      expect(scroll.left).toBe(0);
      // Kept after a reload, from the first paint.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-vertical'))).toBe(true);
      await page.waitForLoadState('load');
      expect(await page.locator('.reading-surface .details-text').evaluate((el) => getComputedStyle(el).writingMode)).toBe('vertical-rl');
    });

    it(`拼音 puts the standard reading over every character of 静夜思 at ${width}px`, async () => {
      const id = await jingyesi();
      const page = await fresh(width);
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      await settled(page);
      const toggle = page.locator('.reading-toolbar [data-aid="pinyin"]');
      await toggle.click();
      const rubies = page.locator('.reading-surface .details-text__sentence ruby, .reading-surface .details-text__body ruby');
      await expect.poll(() => rubies.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
      const pairs = await rubies.evaluateAll((els) =>
        els.map((el) => `${el.firstChild?.textContent}${el.querySelector('rt')?.textContent}`),
      );
      expect(pairs.slice(0, 5)).toEqual(['床chuáng', '前qián', '明míng', '月yuè', '光guāng']);
      expect(pairs).toContain('疑yí');
      expect(pairs).toContain('乡xiāng');
      // The ruby sits above its character.
      const [base, rt] = await rubies
        .first()
        .evaluate((el) => [el.getBoundingClientRect().bottom, el.querySelector('rt')!.getBoundingClientRect().bottom]);
      expect(rt).toBeLessThan(base);
      await toggle.click();
      await expect.poll(() => rubies.count()).toBe(0);
      await page.getByText('床前明月光', { exact: false }).first().waitFor();
    });
  }

  it('a signed-in reader’s 繁體 and dark mode follow them to a fresh browser, and stay after a reload', async () => {
    const id = await jingyesi();
    const reader = await registerUser('e2e_read', '夜读的人');
    const page = await fresh(1440);
    // This browser had chosen a larger type before; the new account, which never saved any, takes it over.
    await page.addInitScript(() => {
      if (!localStorage.getItem('shiju:readingPrefs')) localStorage.setItem('shiju:readingPrefs', JSON.stringify({ fontSize: 3 }));
    });
    await signInAs(page, reader);
    await page.goto(`/bellesDetails?id=${id}`);
    await appRunning(page);
    await settled(page);
    await expect
      .poll(
        async () => (await callApi<{ fontSize: number }>('GET', '/api/v1/users/me/reading-prefs', undefined, reader.accessToken)).fontSize,
        {
          timeout: 15_000,
        },
      )
      .toBe(3);
    await chooseInSettings(page, ['深色', '繁體·臺灣']);
    // Saved on the account.
    await expect
      .poll(
        async () => {
          const prefs = await callApi<{ theme: string; zh: string }>(
            'GET',
            '/api/v1/users/me/reading-prefs',
            undefined,
            reader.accessToken,
          );
          return `${prefs.theme} ${prefs.zh}`;
        },
        { timeout: 15_000 },
      )
      .toBe('dark tw');

    const phone = await fresh(390);
    await signInAs(phone, reader);
    await phone.goto(`/bellesDetails?id=${id}`);
    await appRunning(phone);
    // Signing in on a new browser brings the account's choices here.
    await expect.poll(async () => marks(phone), { timeout: 15_000 }).toMatchObject({ theme: 'dark', zh: 'tw' });
    expect(await phone.evaluate(() => document.documentElement.dataset.fontSize)).toBe('3');
    await phone.getByText('舉頭望明月', { exact: false }).first().waitFor();
    await reloadedDarkTraditional(phone, () => phone.reload());
  });
});
