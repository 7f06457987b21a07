/**
 * A poem keeps its lines on a phone: over the 100 most viewed poems of the starter library, at 360, 390
 * and 414 px, a line breaks only between clauses (no line box holds fewer than 3 characters of a clause that had
 * more), and in 竖排 no column is cut at the edge of the text's box, at its start (the right edge) or its end.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, signInAdmin } from './factories.js';
import { closePage, openPage, settled, useBrowser } from './helpers.js';

const WIDTHS = [360, 390, 414];
const POEMS = 100;

/** A poem: every line short (a verse line, not a paragraph of prose), at least two of them. */
function isPoem(type: string, content: string): boolean {
  const lines = (type === 'sentence' ? content.split('\n') : content.split(/<\/p>/i))
    .map((l) => l.replace(/<[^>]*>/g, '').replace(/\s+/g, ''))
    .filter(Boolean);
  return lines.length >= 2 && lines.every((l) => Array.from(l).length <= 48) && lines.some((l) => /[，；：。？！]/.test(l));
}

interface Fault {
  id: number;
  what: string;
}

/**
 * In the page: each clause of the text (split after ，；：。？！) measured character by character; a clause of 3 or
 * more characters with a line (a column in 竖排) holding fewer than 3 of them is a fault. In 竖排 also any character
 * cut by the scrolling box's edge, with the box at its start and at its end.
 */
function measure(vertical: boolean): string[] {
  const faults: string[] = [];
  const text = document.querySelector('.reading-surface :is(.details-text__sentence, .details-text__body)');
  if (!text) return ['no text'];
  const chars: Array<{ node: Text; i: number; ch: string }> = [];
  const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    if (n.parentElement?.closest('rt')) continue;
    const v = n.nodeValue ?? '';
    for (let i = 0; i < v.length; i++) chars.push({ node: n, i, ch: v[i]! });
  }
  const range = document.createRange();
  const rectOf = (c: { node: Text; i: number }) => {
    range.setStart(c.node, c.i);
    range.setEnd(c.node, c.i + 1);
    return range.getBoundingClientRect();
  };
  // Clauses: runs of non-space characters ended by a stop or a line's end.
  let clause: Array<{ ch: string; rect: DOMRect }> = [];
  const close = () => {
    const size = clause.length;
    if (size >= 3) {
      const lines: number[] = [];
      let last: DOMRect | null = null;
      for (const { rect } of clause) {
        const fresh =
          !last || (vertical ? Math.abs(rect.left - last.left) > rect.width / 2 : Math.abs(rect.top - last.top) > rect.height / 2);
        if (fresh) lines.push(1);
        else lines[lines.length - 1]! += 1;
        last = rect;
      }
      if (lines.some((n) => n < 3)) faults.push(`${clause.map((c) => c.ch).join('')} broken ${lines.join('+')}`);
    }
    clause = [];
  };
  for (const c of chars) {
    if (/\s/.test(c.ch)) {
      if (c.ch === '\n') close();
      continue;
    }
    const rect = rectOf(c);
    if (!rect.width && !rect.height) continue;
    clause.push({ ch: c.ch, rect });
    if (/[，；：。？！]/.test(c.ch)) close();
  }
  close();
  if (!chars.some((c) => !/\s/.test(c.ch) && rectOf(c).width > 0)) faults.push('the text has no size');
  if (vertical) {
    const box = document.querySelector('.reading-surface .details-text')!;
    // At the start no column is cut at either side; scrolled to the end, the last column stands whole at the left.
    const cut = (where: 'start' | 'end') => {
      const b = box.getBoundingClientRect();
      const cs = getComputedStyle(box);
      const left = b.left + parseFloat(cs.borderLeftWidth);
      const right = b.right - parseFloat(cs.borderRightWidth);
      const top = b.top + parseFloat(cs.borderTopWidth);
      const bottom = b.bottom - parseFloat(cs.borderBottomWidth);
      for (const c of chars) {
        if (/\s/.test(c.ch)) continue;
        const r = rectOf(c);
        if (!r.width && !r.height) continue;
        const across =
          (r.left < left - 0.5 && r.right > left + 0.5) || (where === 'start' && r.left < right - 0.5 && r.right > right + 0.5);
        if (across || r.top < top - 0.5 || r.bottom > bottom + 0.5) {
          faults.push(`${where}: ${c.ch} cut at the edge`);
          return;
        }
      }
    };
    if (box.scrollLeft !== 0) faults.push(`starts scrolled (${box.scrollLeft})`);
    cut('start');
    box.scrollLeft = -(box.scrollWidth - box.clientWidth);
    cut('end');
    box.scrollLeft = 0;
  }
  return faults;
}

describe('poems on a phone', () => {
  const browser = useBrowser();
  let poems: number[] = [];

  beforeAll(async () => {
    const admin = await signInAdmin();
    for (let pageNum = 1; poems.length < POEMS && pageNum <= 5; pageNum++) {
      const page = await callAs(
        'adminEssaysPage',
        { query: { status: 'published', sortField: 'views', sortOrder: 'descend', pageSize: 100, pageNum } },
        admin.accessToken,
      );
      for (const e of page.list) if (isPoem(e.type, e.content ?? '')) poems.push(e.id);
    }
    poems = poems.slice(0, POEMS);
  });

  // Each poem is loaded once and measured at the three widths (the viewport resized), across and then in 竖排.
  it('keeps the clauses of the 100 most viewed poems whole at 360, 390 and 414px, across and in 竖排', { timeout: 300_000 }, async () => {
    expect(poems).toHaveLength(POEMS);
    const page: Page = await openPage(browser(), { width: WIDTHS[0], height: 844, touch: true });
    const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const faults: Fault[] = [];
    const started = performance.now();
    try {
      for (const id of poems) {
        await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
        await page.goto(`/bellesDetails?id=${id}`, { waitUntil: 'domcontentloaded' });
        await settled(page);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          await frames();
          for (const what of await page.evaluate(measure, false)) faults.push({ id, what: `${width}px ${what}` });
        }
        const toggle = page.locator('.reading-toolbar [data-aid="vertical"]');
        if (await toggle.count()) {
          await toggle.click();
          await page.locator('html[data-vertical]').waitFor({ state: 'attached' });
          for (const width of [...WIDTHS].reverse()) {
            await page.setViewportSize({ width, height: 844 });
            await frames();
            for (const what of await page.evaluate(measure, true)) faults.push({ id, what: `${width}px 竖排 ${what}` });
          }
          await toggle.click();
          await page.locator('html:not([data-vertical])').waitFor({ state: 'attached' });
        }
      }
    } finally {
      await closePage(page);
    }
    console.log(`verse: ${poems.length} poems × ${WIDTHS.length} widths in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(faults).toEqual([]);
  });
});
