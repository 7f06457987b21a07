/**
 * 划线 and 想法, as readers go: on 岳阳楼记 a reader chooses a line (a mouse drag on a desk; a long press on a phone,
 * the toolbar then below the selection, clear of the phone's own menu above it), writes a 想法 on it, and finds it
 * painted over the text and listed under 我的划线; once three readers marked the sentence (two seeded through the
 * API), a second reader sees it as 热门划线 with its count. On a desk (1440) and a phone (390, touch).
 */
import type { Page } from 'playwright-core';
import { plainOf } from '@shiju/contract/anchors';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs } from './factories.js';
import { registerUser, signInAs } from './essay-helpers.js';
import { appRunning, closePage, openPage, useBrowser, waitForToast } from './helpers.js';

const SENTENCE = '其必曰：“先天下之忧而忧，后天下之乐而乐”乎。';

async function yueyanglouji(): Promise<{ id: number; plain: string }> {
  const found = await callAs('essaysPage', { body: { keyword: '岳阳楼记', type: 'essay', pageSize: 10 } });
  const e = found.list.find((x) => x.title === '岳阳楼记');
  if (!e) throw new Error('岳阳楼记 is not in the starter library');
  const details = await callAs('essayDetails', { body: { id: e.id } });
  return { id: e.id, plain: plainOf(details.content ?? '', true) };
}

/** Code-point offsets of `quote` in the plain form. */
function at(plain: string, quote: string) {
  const chars = Array.from(plain);
  const want = Array.from(quote);
  for (let i = 0; i + want.length <= chars.length; i++)
    if (want.every((c, k) => chars[i + k] === c)) return { start: i, end: i + want.length };
  throw new Error(`${quote} not in the text`);
}

/** The screen box of a run of characters of the text body. */
function boxOf(page: Page, words: string) {
  return page.evaluate((w) => {
    const body = document.querySelector('.details-text__body')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const i = (n.textContent ?? '').indexOf(w);
      if (i < 0) continue;
      (n.parentElement as HTMLElement).scrollIntoView({ block: 'center' });
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + w.length);
      const b = r.getBoundingClientRect();
      return { x: b.left, y: b.top, width: b.width, height: b.height, right: b.right, bottom: b.bottom };
    }
    throw new Error(`${w} not on the page`);
  }, words);
}

/**
 * A long press on the first characters of `words`, then the selection's end handle dragged to the end of them: what
 * a phone's reader does (the press is a real touch gesture; Chromium's handles are drawn by the system, so the drag
 * sets the selection's end as the handle would).
 */
async function longPressSelect(page: Page, words: string) {
  const b = await boxOf(page, words);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.synthesizeTapGesture', {
    x: b.x + 6,
    y: b.y + b.height / 2,
    duration: 900,
    tapCount: 1,
    gestureSourceType: 'touch',
  });
  await page.evaluate((w) => {
    const body = document.querySelector('.details-text__body')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const i = (n.textContent ?? '').indexOf(w);
      if (i < 0) continue;
      const sel = window.getSelection()!;
      // The press chose a word at the start of the line (or at least put the caret there); extend to the line's end.
      const anchor = sel.rangeCount && !sel.isCollapsed ? sel.getRangeAt(0) : null;
      const r = document.createRange();
      r.setStart(
        anchor && anchor.startContainer === n ? anchor.startContainer : n,
        anchor && anchor.startContainer === n ? anchor.startOffset : i,
      );
      r.setEnd(n, i + w.length);
      sel.removeAllRanges();
      sel.addRange(r);
      return;
    }
  }, words);
  return b;
}

/** A mouse drag across `words`. */
async function dragSelect(page: Page, words: string) {
  const b = await boxOf(page, words);
  const y = b.y + b.height / 2;
  await page.mouse.move(b.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(b.right - 1, y, { steps: 8 });
  await page.mouse.up();
  return b;
}

describe('划线 and 想法', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    const phone = width < 600;
    it(`a reader marks a line of 岳阳楼记 and writes a 想法; another sees 热门划线 (${width} px)`, async () => {
      const { id, plain } = await yueyanglouji();
      const first = await registerUser('hl', '划线者');
      const line = '先天下之忧而忧';
      page = await openPage(browser(), { width, height, touch: phone });
      await signInAs(page, first);
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      await page.locator('.details-text__body').waitFor();

      const chosen = phone ? await longPressSelect(page, line) : await dragSelect(page, line);
      const toolbar = page.getByRole('toolbar', { name: '选中的文字' });
      await toolbar.waitFor();
      // Below the selection, clear of the system's menu above it, and on the screen.
      const tb = (await toolbar.boundingBox())!;
      expect(tb.y).toBeGreaterThan(chosen.bottom);
      expect(tb.x).toBeGreaterThanOrEqual(0);
      expect(tb.x + tb.width).toBeLessThanOrEqual(width);
      if (phone) await toolbar.getByRole('button', { name: '写想法' }).tap();
      else await toolbar.getByRole('button', { name: '写想法' }).click();

      const dialog = page.getByRole('dialog', { name: /写想法/ });
      await dialog.waitFor();
      expect(await dialog.locator('.thought-dialog__quote').textContent()).toBe(line);
      await dialog.getByRole('textbox', { name: '想法' }).fill('以天下为己任，读来心头一热。');
      await dialog.getByRole('button', { name: '保存' }).click();
      await waitForToast(page, '已划线并记下想法');

      // One highlight, private, with its 想法, exactly the chosen characters.
      const mine = await callAs('essayHighlights', { query: { essayId: id } }, first.accessToken);
      expect(mine.mine.map((h) => [h.start, h.end, h.quote, h.thought, h.thoughtPublic])).toEqual([
        [at(plain, line).start, at(plain, line).end, line, '以天下为己任，读来心头一热。', false],
      ]);
      // Listed under 我的划线 below the text.
      const panel = page.locator('.hl-panel');
      await expect.poll(() => panel.locator('.hl-panel__item', { hasText: '以天下为己任' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Two more readers mark (part of) the same sentence, through the API.
      for (const [n, words] of [
        [1, '后天下之乐而乐'],
        [2, SENTENCE],
      ] as const) {
        const other = await registerUser(`hl${n}`, `读者${n}`);
        await callAs('addHighlight', { body: { essayId: id, ...at(plain, words) } }, other.accessToken);
      }
      const expected = (await callAs('essayHighlights', { query: { essayId: id } })).popular.find((p) => p.quote === SENTENCE);
      expect(expected?.readers).toBeGreaterThanOrEqual(3);
      await closePage(page);

      // A second reader opens the text: the sentence is underlined with its count, and listed as 热门划线.
      const second = await registerUser('hlr', '第二位读者');
      page = await openPage(browser(), { width, height, touch: phone });
      await signInAs(page, second);
      await page.goto(`/bellesDetails?id=${id}`);
      await appRunning(page);
      const badge = page.locator('.hl-count', { hasText: `${expected!.readers} 人划线` });
      await badge.first().waitFor();
      const hot = page.locator('.hl-panel__item', { hasText: SENTENCE });
      await hot.waitFor();
      expect(await hot.locator('.hl-panel__count').textContent()).toBe(`${expected!.readers} 人划线`);
      // The first reader's 想法 is private: not beside it.
      expect(await page.locator('.hl-panel', { hasText: '以天下为己任' }).count()).toBe(0);
      // A tap on the underlined sentence tells the count.
      const s = await boxOf(page, '后天下之乐');
      if (phone) await page.touchscreen.tap(s.x + 8, s.y + s.height / 2);
      else await page.mouse.click(s.x + 8, s.y + s.height / 2);
      await expect.poll(() => page.locator('.hl-card .hl-card__count').textContent()).toBe(`${expected!.readers} 人划线`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
});
