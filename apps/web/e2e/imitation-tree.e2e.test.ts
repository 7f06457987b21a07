/**
 * 仿写家族树 under a text (docs/imitations.md): drawn as a tree on a wide screen (its drawing's chunk loads only there), a
 * collapsible list on a phone; a node opens its text.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './essay-helpers.js';
import { publishText } from './factories.js';
import { appRunning, closePage, openPage, shot, useBrowser } from './helpers.js';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let root = 0;
let first = 0;
let second = 0;
let grandchild = 0;

beforeAll(async () => {
  const poet = await registerUser('tree_p', '树下诗人');
  const ann = await registerUser('tree_a', '仿写甲');
  const ben = await registerUser('tree_b', '仿写乙');
  root = (await publishText(poet, { content: '春江潮水连海平，海上明月共潮生。' })).id;
  first = (await publishText(ann, { content: '春江潮水连天平，天上明月共潮生。', imitateOf: root })).id;
  second = (await publishText(ben, { content: '秋江潮水连海平，海上孤帆共潮生。', imitateOf: root })).id;
  grandchild = (await publishText(ben, { content: '春江潮水连天平，天上繁星共潮生。', imitateOf: first })).id;
});

/** Opens a text and scrolls to its family tree (which loads as it comes near the screen). */
async function openTree(page: Page, id: number) {
  await page.goto(`/bellesDetails?id=${id}`);
  await appRunning(page);
  const section = page.getByRole('region', { name: '仿写家族树' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** The scripts of the drawing asked for so far. */
const drawingRequests = (page: Page, seen: string[]) => page.on('request', (r) => r.url().includes('/DrawnTree-') && seen.push(r.url()));

describe('the family tree of imitations', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('is drawn on a wide screen, with diffs against each parent, and a node opens its text', async () => {
    page = await openPage(browser(), WIDE);
    const asked: string[] = [];
    drawingRequests(page, asked);
    const section = await openTree(page, root);
    const drawn = section.locator('.itree-drawn');
    await drawn.waitFor();
    expect(asked.length).toBeGreaterThan(0);
    const cards = drawn.locator('.itree-card');
    await expect.poll(() => cards.count()).toBe(3);
    // The imitation's own words are marked, the original's struck.
    const firstCard = drawn.locator(`[data-node-id="${first}"]`);
    expect(await firstCard.locator('ins').allTextContents()).toEqual(['连天平', '天上']);
    expect(await drawn.locator(`[data-node-id="${grandchild}"] ins`).allTextContents()).toContain('繁星');
    expect(await drawn.locator('.itree-card').first().textContent()).toContain('仿写甲');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'imitation-tree-1440');
    await firstCard.click();
    await page.waitForURL((u) => u.searchParams.get('id') === String(first));
    const next = await openTree(page, first);
    await next.locator(`.itree-drawn [data-node-id="${grandchild}"]`).waitFor();
    expect(await next.locator('.itree-card').count()).toBe(1);
  });

  it('is a collapsible list on a phone, without the drawing’s script, and a node opens its text', async () => {
    page = await openPage(browser(), PHONE);
    const asked: string[] = [];
    drawingRequests(page, asked);
    const section = await openTree(page, root);
    const list = section.locator('.itree-view--list');
    await list.waitFor();
    expect(await section.locator('.itree-drawn').count()).toBe(0);
    const items = list.locator('.itree-text');
    // The first generation opens with its imitations shown; collapsing hides them, expanding brings them back.
    await expect.poll(() => items.count()).toBe(3);
    const toggle = list.getByRole('button', { name: '收起仿写' });
    await toggle.click();
    await expect.poll(() => items.count()).toBe(2);
    await list.getByRole('button', { name: '展开 1 篇仿写' }).click();
    await expect.poll(() => items.count()).toBe(3);
    expect(await list.locator(`[data-node-id="${second}"] ins`).allTextContents()).toEqual(['秋江', '孤帆']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await list.locator(`[data-node-id="${grandchild}"]`).scrollIntoViewIfNeeded();
    await shot(page, 'imitation-tree-390');
    expect(asked).toEqual([]);
    await list.locator(`[data-node-id="${grandchild}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('id') === String(grandchild));
    await page.getByText('春江潮水连天平，天上繁星共潮生。').first().waitFor();
  });
});
