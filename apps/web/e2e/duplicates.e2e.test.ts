import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jingyesi, registerUser, signInAs } from './essay-helpers.js';
import { callAs, publishText, signInAdmin } from './factories.js';
import { closePage, opened, openPage, settled, shot, useBrowser, waitForPath, waitForTitle, waitForToast } from './helpers.js';

/** Lines of its own for this run: twenty-odd characters no other journey writes. */
function ownLines(): string {
  const stock = Array.from('秋江晚照远帆归雁影斜阳渡口人家炊烟起柳岸疏灯几点明');
  const n = Date.now();
  const pick = (k: number) => stock[(n + k * 7) % stock.length]!;
  return `${pick(1)}${pick(2)}${pick(3)}江晚照，远帆${pick(4)}雁影斜。${pick(5)}阳渡口外，柳岸${pick(6)}灯明。`;
}

describe('duplicates found before posting', () => {
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

  for (const width of [1440, 390]) {
    it(`shows a writer who types 床前明月光 that 静夜思 has it (${width} px)`, async () => {
      const writer = await registerUser('e2e_dup', '写诗的人');
      const page = await fresh(width);
      await signInAs(page, writer);
      await page.goto('/editorialEssay');
      await waitForTitle(page, '拾句 | 写作');
      await page.getByPlaceholder('写下打动你的一句话…').fill('床前明月光');
      const hint = page.locator('.composer__duplicate');
      await hint.waitFor();
      expect(await hint.textContent()).toContain('这段文字已收录：《静夜思》');
      const link = hint.getByRole('link', { name: '《静夜思》' });
      expect(await link.getAttribute('href')).toBe(`/bellesDetails?id=${await jingyesi()}`);
      await shot(page, `duplicates-hint-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  it('lets an editor merge two duplicates, and the old link lands on the kept text', async () => {
    const [first, second] = [await registerUser('e2e_dupa', '先发的人'), await registerUser('e2e_dupb', '后发的人')];
    const words = ownLines();
    const kept = await publishText(first, { content: words });
    const chars = Array.from(words);
    chars[1] = '风';
    const repeat = await publishText(second, { content: chars.join('') });
    expect(repeat.duplicates?.matches[0]).toMatchObject({ id: kept.id, kind: 'near' });

    const admin = await signInAdmin();
    const page = await fresh(1440);
    await signInAs(page, admin);
    await page.goto('/admin/duplicates');
    await waitForTitle(page, '拾句 | 管理后台');
    await settled(page);
    const row = page.locator('.ant-table-row', { hasText: `#${repeat.id}` });
    await row.waitFor();
    await shot(page, 'duplicates-admin-1440');
    await row.getByRole('button', { name: '合并到已收录的' }).click();
    const dialog = page.getByRole('dialog');
    await opened(dialog);
    await dialog.getByRole('button', { name: '合并' }).click();
    await waitForToast(page, '已合并到');

    const reader = await fresh(390);
    await reader.goto(`/bellesDetails?id=${repeat.id}`);
    await waitForPath(reader, '/bellesDetails');
    await reader.waitForURL((u) => u.searchParams.get('id') === String(kept.id));
    await reader.locator('.details-text').getByText(words.slice(0, 5)).first().waitFor();
    await shot(reader, 'duplicates-merged-390');
    const details = await callAs('essayDetails', { body: { id: repeat.id } });
    expect(details).toMatchObject({ id: kept.id, mergedInto: kept.id });
  });
});
