/**
 * 每周仿写 (docs/challenges.md): an editor opens a challenge in the console, two readers enter it (one at 1440 px, one on a
 * 390 px phone), a third reader's like makes one of them win, the close passes, and the winner shows on 每周精选 at
 * both widths.
 *
 * The suite's server runs on the real clock and has no hook to move it, so the close is brought near instead: the
 * editor sets the opening a few seconds ahead in the console's form, and once the entries and the like are in, moves
 * the close to two seconds ahead with the console's own call (adminUpdateChallenge). The test then waits for the
 * challenge to read as closed; the first read after the close closes it (the same once-only close the job runs).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, signInAs, type Account } from './essay-helpers.js';
import { callAs, publishText, signInAdmin } from './factories.js';
import { closePage, fitsWidth, openPage, settled, shot, useBrowser, waitForToast } from './helpers.js';

const dayjsLike = (d: Date) => {
  // The console's pickers read and write Beijing time (the browser contexts run in Asia/Shanghai).
  const l = new Date(d.getTime() + 8 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${l.getUTCFullYear()}-${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())} ${two(l.getUTCHours())}:${two(l.getUTCMinutes())}:${two(l.getUTCSeconds())}`;
};

describe('每周仿写', () => {
  const browser = useBrowser();
  const pages: Page[] = [];
  afterAll(async () => Promise.all(pages.map(closePage)));

  it('an editor opens a challenge, two readers enter, the close passes, and the winner shows on /bestWeek', async () => {
    const stamp = Date.now().toString(36);
    const [poet, first, second, voter] = await Promise.all([
      registerUser('cpoet', '出题的诗人'),
      registerUser('centa', '第一位参赛者'),
      registerUser('centb', '第二位参赛者'),
      registerUser('cvote', '投票的读者'),
    ]);
    const original = await publishText(poet, { content: `春风又绿江南岸，明月何时照我还 ${stamp}` });
    const admin = await signInAdmin();

    // The editor sets it up in the console; the opening a few seconds ahead (after every reader's account).
    const console1440 = await openPage(browser(), { width: 1440, height: 900 });
    pages.push(console1440);
    await signInAs(console1440, admin as unknown as Account);
    await console1440.goto('/admin/challenges');
    await settled(console1440);
    await console1440.getByRole('button', { name: '发起每周仿写' }).click();
    const dialog = console1440.getByRole('dialog');
    await dialog.getByLabel('原文').fill(`/bellesDetails?id=${original.id}`);
    await dialog.getByLabel('仿写要求').fill(`写一句思乡的话，保留原句的节奏 ${stamp}`);
    const opens = dialog.getByLabel('开始时间');
    await opens.click();
    await opens.fill(dayjsLike(new Date(Date.now() + 4000)));
    await opens.press('Enter');
    await dialog.getByRole('button', { name: '发起' }).click();
    await waitForToast(console1440, '每周仿写已发起');
    const row = console1440.locator('.ant-table-row', { hasText: stamp });
    await row.getByText('未开始').waitFor();
    const challenge = (await callAs('adminChallengesPage', { query: { pageNum: 1, pageSize: 5 } }, admin.accessToken)).list.find((c) =>
      c.prompt.includes(stamp),
    )!;
    expect(challenge.original?.id).toBe(original.id);
    await expect.poll(async () => (await callAs('challengeDetails', { params: { id: challenge.id } })).state).toBe('open');

    // Two readers enter on its page: one on a wide screen, one on a phone.
    const entries: Record<string, number> = {};
    for (const [account, width, line] of [
      [first, 1440, `秋风又黄塞北草，归雁何日过我庐 ${stamp}`],
      [second, 390, `细雨又湿西湖柳，孤舟何处是我家 ${stamp}`],
    ] as const) {
      const page = await openPage(browser(), { width, height: width > 400 ? 900 : 844, touch: width < 400 });
      pages.push(page);
      await signInAs(page, account);
      await page.goto(`/imitative?challenge=${challenge.id}`);
      await page.locator('.challenge-head').getByText('进行中').waitFor();
      await page.getByPlaceholder('写下打动你的一句话…').fill(line);
      await settled(page);
      await page.getByRole('button', { name: '发布' }).click();
      await waitForToast(page, '已参加本期每周仿写');
      const card = page.locator('.imitative__list .essay-card', { hasText: line });
      await card.waitFor();
      const href = (await card.locator('a[href*="bellesDetails"]').first().getAttribute('href')) ?? '';
      entries[account.username] = Number(new URL(href, 'http://x').searchParams.get('id'));
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `challenge-open-${width}`);
    }
    await callAs('like', { body: { essayId: entries[first.username]!, type: 'like' } }, voter.accessToken);

    // The close: brought two seconds ahead through the console's call, then passed.
    await callAs(
      'adminUpdateChallenge',
      {
        params: { id: challenge.id },
        body: { originalId: original.id, prompt: challenge.prompt, closesAt: new Date(Date.now() + 2000).toISOString() },
      },
      admin.accessToken,
    );
    await expect.poll(async () => (await callAs('challengeDetails', { params: { id: challenge.id } })).state).toBe('closed');

    for (const width of [1440, 390]) {
      const page = await openPage(browser(), { width, height: width > 400 ? 900 : 844, touch: width < 400 });
      pages.push(page);
      await page.goto(`/imitative?challenge=${challenge.id}`);
      const winners = page.locator('.challenge-winners');
      await winners.locator('[data-rank="1"] .essay-card__author').getByText(first.nickname).waitFor();
      await page.getByText('本期每周仿写已经结束').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `challenge-closed-${width}`);

      await page.goto('/bestWeek');
      const box = page.locator('.best-week__challenge');
      await box.locator('li[data-rank="1"]').getByText(first.nickname).waitFor();
      expect(await box.locator('li').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `best-week-${width}`);
    }
    // A long journey (five pages, two of them writing): more than the suite's default minute on a busy machine.
  }, 240_000);
});
