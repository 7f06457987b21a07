import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rankReasonOf } from '@shiju/contract/core';
import { weekLabel, weekRangeLabel } from '../src/features/discovery/components/isoWeek.js';
import { formatCount } from '../src/lib/format.js';
import { callAs } from './factories.js';
import { MANUAL_PAYMENT } from './global-setup.js';
import {
  appRunning,
  baseURL,
  closePage,
  envelope,
  opened,
  openPage,
  settled,
  uniqueUsername,
  useBrowser,
  waitForTitle,
} from './helpers.js';

interface Session {
  accessToken: string;
  userInfo: { id: number; nickname: string };
}

/** Reads a call straight from the server, to compare the page with what the API answers. */
async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`);
  const body = (await res.json()) as { code: string; data: T };
  expect(body.code, path).toBe('00000');
  return body.data;
}

async function register(): Promise<Session> {
  const res = await fetch(`${baseURL}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: uniqueUsername('disc'), password: 'qingfeng2026', nickname: '拾趣读者', agree: true }),
  });
  const body = (await res.json()) as { code: string; data: Session };
  expect(body.code).toBe('00000');
  return body.data;
}

/** A page whose storage already holds the session (signed in before the app starts). */
async function signedInPage(browser: Browser, session: Session, width?: number): Promise<Page> {
  const page = await openPage(browser, width ? { width } : undefined);
  await page.context().addInitScript((s) => {
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
  }, session);
  return page;
}

describe('discovery pages', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  describe('/leaderboard', () => {
    it('switches period tabs (kept in the URL) and shows ranked items, top three highlighted', async () => {
      page = await openPage(browser());
      await page.goto('/leaderboard');
      await waitForTitle(page, '拾句 | 排行榜');
      const entries = page.locator('.ranked-entry');
      await entries.first().waitFor();
      // The server drew the page: its tabs answer once the app has taken it over.
      await settled(page);
      const ranks = await entries.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rank'))));
      expect(ranks.slice(0, 3)).toEqual([1, 2, 3].slice(0, Math.min(3, ranks.length)));
      expect(await page.locator('.ranked-entry.is-top').count()).toBe(Math.min(3, ranks.length));

      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/es/essays/ranking/page')) asked.push(String(r.postDataJSON()?.period));
      });
      for (const [label, period] of [
        ['周榜', 'week'],
        ['月榜', 'month'],
        ['总榜', 'all'],
        ['日榜', 'day'],
      ] as const) {
        await page.getByRole('tab', { name: label }).click();
        await page.waitForURL((u) => u.searchParams.get('period') === period);
        await settled(page);
        await entries.first().waitFor();
        expect(await entries.first().getAttribute('data-rank')).toBe('1');
        expect(await page.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
      }
      // Each period asked the server for its own ranking (日榜 came from the cache of the first visit).
      expect(asked).toEqual(expect.arrayContaining(['week', 'month', 'all']));
    });

    it('says why each text is there from the counts the server ranked it by', async () => {
      const ranked = await callAs('ranking', { body: { period: 'week', pageNum: 1, pageSize: 10 } });
      page = await openPage(browser());
      await page.goto('/leaderboard?period=week');
      await page.locator('.ranked-entry').first().waitFor();
      await settled(page);
      const first = ranked.list[0]!;
      const reason = page.locator('.ranked-entry').first().locator('.rank-reason');
      expect(await reason.getAttribute('title')).toBe('为什么在这里');
      expect(await reason.textContent()).toBe(rankReasonOf('week', first.likers, first.viewers, formatCount));
    });

    it('filters by type and loads more with continuing ranks', async () => {
      page = await openPage(browser());
      await page.goto('/leaderboard?period=all');
      const entries = page.locator('.ranked-entry');
      await entries.first().waitFor();
      await settled(page);
      await page.getByRole('radiogroup', { name: '类型' }).getByRole('radio', { name: '美文' }).click();
      await page.waitForURL((u) => u.searchParams.get('type') === 'essay' && u.searchParams.get('period') === 'all');
      await settled(page);
      await page.locator('.ranked-entry .essay-card--essay').first().waitFor();
      expect(await page.locator('.ranked-entry .essay-card--sentence').count()).toBe(0);

      const before = await entries.count();
      expect(before).toBe(20);
      await page.getByRole('button', { name: '加载更多' }).click();
      await expect.poll(() => entries.count()).toBeGreaterThan(before);
      expect(await entries.nth(before).getAttribute('data-rank')).toBe(String(before + 1));

      // A reload keeps period and type (they live in the URL).
      await page.reload();
      // The reloaded page arrives drawn by the server: the filter below works once the app has taken it over.
      await appRunning(page);
      await entries.first().waitFor();
      expect(await page.getByRole('tab', { name: '总榜' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('radiogroup', { name: '类型' }).getByRole('radio', { checked: true }).textContent()).toBe('美文');

      // The classification filter (the browser's own select) narrows the ranking too, and goes into the address.
      const { list: classes } = await callAs('classificationsPage', { query: { pageNum: 1, pageSize: 50 } });
      const chosen = classes[1]!;
      const asked = page.waitForRequest(
        (r) => r.url().endsWith('/es/essays/ranking/page') && r.postDataJSON()?.classificationId === chosen.id,
      );
      const filter = page.getByRole('combobox', { name: '分类', exact: true });
      await filter.selectOption({ label: chosen.name });
      await page.waitForURL((u) => u.searchParams.get('classificationId') === String(chosen.id) && u.searchParams.get('type') === 'essay');
      expect((await asked).postDataJSON()).toMatchObject({ period: 'all', type: 'essay', classificationId: chosen.id });
      await filter.selectOption({ label: '全部分类' });
      await page.waitForURL((u) => !u.searchParams.has('classificationId') && u.searchParams.get('type') === 'essay');
    });
  });

  describe('/bestWeek', () => {
    it('shows the latest frozen week with its range and ranked list, or explains that none is frozen yet', async () => {
      const data = await apiGet<{ week: string | null; list: Array<{ id: number }> }>('/api/v1/pc/essays/bestWeek');
      page = await openPage(browser());
      await page.goto('/bestWeek');
      await waitForTitle(page, '拾句 | 每周精选');
      if (data.week === null) {
        await page.getByText('第一期每周精选还在路上。').waitFor();
        await page.getByText(/每周一 00:00（北京时间），上一周发布的作品中热度最高的 20 篇/).waitFor();
        return;
      }
      await page.locator('.best-week__week').getByText(weekLabel(data.week)).waitFor();
      await page.locator('.best-week__range').getByText(weekRangeLabel(data.week)).waitFor();
      const entries = page.locator('.best-week__list .ranked-entry');
      await expect.poll(() => entries.count()).toBe(data.list.length);
      expect(await entries.first().getAttribute('data-rank')).toBe('1');
      // The shell's keywords and description for this route stay.
      const description = await page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'));
      expect(description).toContain('每周');

      // A week that was never frozen: its own state and a way back to the latest.
      await page.goto('/bestWeek?week=2001-W01');
      await page.getByText('2001 年第 1 周的精选还没有产生').waitFor();
      await page.getByRole('button', { name: '看最新一期' }).click();
      await page.waitForURL((u) => !u.searchParams.has('week'));
      await page.locator('.best-week__week').getByText(weekLabel(data.week)).waitFor();
    });

    it('steps through weeks with 上一周 / 下一周 and shows the editor’s notes', async () => {
      page = await openPage(browser());
      const essay = (id: number) => ({
        id,
        type: 'sentence',
        title: null,
        summary: `第 ${id} 句精选`,
        source: '佚名《测试》',
        cover: null,
        status: 'published',
        classificationId: 1,
        tags: [],
        author: { id: 1, nickname: '拾句编辑部', avatar: null },
        imitateOf: null,
        views: 1,
        likes: 1,
        collects: 0,
        comments: 0,
        imitations: 0,
        liked: false,
        collected: false,
        createdAt: '2026-11-10T00:00:00.000Z',
        publishedAt: '2026-11-10T00:00:00.000Z',
      });
      const weeks = ['2026-W46', '2026-W45'];
      await page.route(/\/api\/v1\/pc\/essays\/bestWeek/, (route) => {
        const week = new URL(route.request().url()).searchParams.get('week') ?? weeks[0]!;
        const list =
          week === '2026-W46'
            ? [
                { ...essay(1), rank: 1, note: '一句话写尽了秋天。' },
                { ...essay(2), rank: 2, note: null },
              ]
            : [{ ...essay(3), rank: 1, note: null }];
        return route.fulfill({ contentType: 'application/json', body: envelope({ week, weeks, list }) });
      });
      // The app asks for the weeks (answered above) when it opens the page itself: the server draws /bestWeek from the
      // real weeks, and the app takes that over without asking.
      await page.goto('/agreement');
      await appRunning(page);
      await page.locator('.header__desktop').getByRole('link', { name: '每周精选' }).click();
      await page.locator('.best-week__week').getByText('2026 年第 46 周').waitFor();
      await page.locator('.best-week__note').getByText('一句话写尽了秋天。').waitFor();
      expect(await page.locator('.best-week__note').count()).toBe(1);
      expect(await page.getByRole('button', { name: '下一周' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: '上一周' }).click();
      await page.waitForURL((u) => u.searchParams.get('week') === '2026-W45');
      await page.locator('.best-week__week').getByText('2026 年第 45 周').waitFor();
      await page.locator('.best-week__range').getByText('11月2日 – 11月8日').waitFor();
      await page.getByText('第 3 句精选').waitFor();
      expect(await page.getByRole('button', { name: '上一周' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: '下一周' }).click();
      await page.waitForURL((u) => u.searchParams.get('week') === '2026-W46');
      await page.getByText('第 1 句精选').waitFor();

      // Or straight to a week, by the picker (the browser's own select).
      const picker = page.getByRole('combobox', { name: '选择周次' });
      expect(await picker.locator('option').allTextContents()).toEqual(['2026 年第 46 周', '2026 年第 45 周']);
      await picker.selectOption('2026-W45');
      await page.waitForURL((u) => u.searchParams.get('week') === '2026-W45');
      await page.getByText('第 3 句精选').waitFor();
    });
  });

  describe('/globalSearch', () => {
    it('finds texts with 明月 and marks the word', async () => {
      page = await openPage(browser());
      await page.goto('/globalSearch?q=明月');
      await waitForTitle(page, '拾句 | 搜索');
      const marks = page.locator('.global-search__list .hl-mark');
      await marks.first().waitFor();
      expect(await marks.first().textContent()).toBe('明月');
      await page.getByText(/找到 \d+ 个相关作品/).waitFor();
      expect(await page.locator('.global-search__list .essay-card').count()).toBeGreaterThan(0);
      // Marks hold text only: nothing from the results is parsed as HTML.
      expect(await marks.evaluateAll((els) => els.every((e) => e.children.length === 0))).toBe(true);
    });

    it('finds demo_writer by username and shows their nickname, linked to their page', async () => {
      const found = await apiGet<{ list: Array<{ id: number; nickname: string }> }>('/api/v1/pc/search?type=user&q=demo_writer');
      const writer = found.list[0]!;
      page = await openPage(browser());
      await page.goto('/globalSearch?q=明月');
      await page.locator('.hl-mark').first().waitFor();
      // The server drew the results; the app takes them over before the tabs answer a click.
      await appRunning(page);
      await page.getByRole('tab', { name: '用户' }).click();
      await page.waitForURL((u) => u.searchParams.get('type') === 'user');
      const box = page.getByRole('searchbox', { name: '搜索关键词' });
      await box.fill('demo_writer');
      await box.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('q') === 'demo_writer' && u.searchParams.get('type') === 'user');
      const card = page.locator('.search-user', { hasText: writer.nickname });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(`/othersInfor?id=${writer.id}`);
    });

    it('finds tags, marks the match and links them to their classification', async () => {
      page = await openPage(browser());
      await page.goto('/globalSearch?type=tag&q=思乡');
      const tag = page.locator('.search-tag', { has: page.locator('.hl-mark', { hasText: '思乡' }) });
      await tag.waitFor();
      await expect.poll(() => tag.getAttribute('href')).toMatch(/^\/classifyDetails\?id=\d+&tagId=\d+$/);
      await appRunning(page);
      await tag.click();
      await waitForTitle(page, '拾句 | 分类详情');
      await page.locator('.tag.is-active', { hasText: '思乡' }).waitFor();
    });

    it('suggests hot searches when nothing is found', async () => {
      page = await openPage(browser());
      await page.goto('/globalSearch?q=zzqqxx无此词');
      await page.getByText('没有找到与“zzqqxx无此词”相关的作品，换个词试试？').waitFor();
      const suggestion = page.locator('.hot-searches__term').first();
      await suggestion.waitFor();
      const term = (await suggestion.textContent())!;
      await suggestion.click();
      await page.waitForURL((u) => u.searchParams.get('q') === term);
      await page.locator('.global-search__list').waitFor();
    });
  });

  describe('signed in', () => {
    let session: Session;
    beforeAll(async () => {
      session = await register();
    });

    it('a visitor is asked to sign in for interests and orders', async () => {
      page = await openPage(browser());
      for (const path of ['/myInterest', '/myOrder']) {
        await page.goto(path);
        await page.getByText('请先登录').waitFor();
        await page.getByRole('button', { name: '登录 / 注册' }).waitFor();
      }
    });

    it('picks three interests, saves them, previews the feed and keeps them after a reload', async () => {
      page = await signedInPage(browser(), session);
      await page.goto('/myInterest');
      await waitForTitle(page, '拾句 | 我的兴趣');
      await page.locator('.interest-group').first().waitFor();
      await settled(page);
      const save = page.getByRole('button', { name: '保存兴趣' });
      const chip = (name: string) => page.locator('.interest-chip', { hasText: new RegExp(`^${name}$`) });
      expect(await save.isDisabled()).toBe(true);

      // The A–Z index jumps to the letter's first group.
      await page.locator('.letter-index').getByRole('link', { name: 'T' }).click();
      await expect.poll(() => chip('唐诗').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(400);

      await chip('唐诗').click();
      await chip('宋词').click();
      await page.locator('.interest-savebar').getByText('还差 1 个').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await chip('苏轼').first().click();
      await page.locator('.interest-savebar').getByText('有未保存的修改').waitFor();
      expect(await page.locator('.interest-savebar__count').textContent()).toBe('3');

      const created = page.waitForRequest((r) => r.url().endsWith('/api/pc/pc-users/create/tag') && r.method() === 'POST');
      await save.click();
      expect((await created).postDataJSON().tagIds).toHaveLength(3);
      await page.getByText('兴趣已保存').waitFor();
      const preview = page.locator('#interest-preview');
      await preview.getByRole('heading', { name: '为你推荐 · 预览' }).waitFor();
      await preview.locator('.feed-preview__group').first().waitFor();
      expect(await preview.locator('.feed-preview__tag').allTextContents()).toEqual(expect.arrayContaining(['# 唐诗', '# 宋词', '# 苏轼']));
      expect(await preview.locator('.feed-preview__line').count()).toBeGreaterThan(0);
      expect(await preview.getByRole('link', { name: '去首页看“为你推荐”' }).getAttribute('href')).toMatch(/^\/home/);

      await page.reload();
      await page.locator('.interest-group').first().waitFor();
      for (const name of ['唐诗', '宋词']) expect(await chip(name).getAttribute('aria-pressed')).toBe('true');
      expect(await chip('苏轼').first().getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('.interest-savebar__count').textContent()).toBe('3');
      await page.locator('#interest-preview .feed-preview__group').first().waitFor();
      expect(await save.isDisabled()).toBe(true);

      // A later change goes through update/tag.
      await chip('爱情').click();
      const updated = page.waitForRequest((r) => r.url().endsWith('/api/pc/pc-users/update/tag') && r.method() === 'POST');
      await save.click();
      expect((await updated).postDataJSON().tagIds).toHaveLength(4);
      await page.locator('#interest-preview .feed-preview__tag', { hasText: '爱情' }).waitFor();
    });

    it('creates an order, shows how to pay, cancels it; statuses update', async () => {
      page = await signedInPage(browser(), session);
      await page.goto('/myOrder');
      await waitForTitle(page, '拾句 | 我的订单');
      await page.getByText('尚未开通会员').waitFor();
      await page.locator('.plan').first().waitFor();
      expect(await page.locator('.plan').first().textContent()).toContain('¥15.00');
      await page.getByText('还没有订单。').waitFor();
      await settled(page);

      // 立即开通 → order created; choosing 银行转账 shows the instructions, amount and order number.
      await page.getByRole('button', { name: '立即开通月度会员' }).click();
      const dialog = page.getByRole('dialog', { name: '支付订单' });
      const byTransfer = async () => {
        await opened(dialog);
        await dialog.locator('label', { hasText: '银行转账' }).click();
        await dialog.locator('.pay-dialog__no').waitFor();
      };
      await byTransfer();
      const orderNo = (await dialog.locator('.pay-dialog__no').textContent())!;
      expect(orderNo).toMatch(/^SJ\d+$/);
      // The account comes from PAYMENT_MANUAL_* (set by the e2e setup).
      expect(await dialog.textContent()).toContain(
        `请向 ${MANUAL_PAYMENT.PAYMENT_MANUAL_PAYEE}（${MANUAL_PAYMENT.PAYMENT_MANUAL_BANK}，账号 ${MANUAL_PAYMENT.PAYMENT_MANUAL_ACCOUNT}）转账 ¥15.00，并在附言中填写订单号 ${orderNo}`,
      );
      await dialog.getByRole('button', { name: '复制' }).click();
      await page.getByText('订单号已复制').waitFor();
      await dialog.getByRole('button', { name: '知道了' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const row = page.locator('.order-row', { hasText: orderNo });
      await row.waitFor();
      await row.locator('.order-row__tag', { hasText: '待支付' }).waitFor();
      // A bank transfer gets the manual window (3 days by default), not the 30 minutes of an unpaid order.
      // The list is asked again once the transfer is chosen; until that answer lands the row may still show the
      // window the order was placed with.
      await expect.poll(() => row.locator('.countdown').textContent(), { timeout: 15_000 }).toMatch(/剩余 (2天23小时|3天0小时)/);
      expect(await row.textContent()).toContain('¥15.00');

      // 去支付 on the pending order shows the same instructions again.
      await row.getByRole('button', { name: '去支付' }).click();
      await byTransfer();
      expect(await dialog.locator('.pay-dialog__no').textContent()).toBe(orderNo);
      await dialog.getByRole('button', { name: '知道了' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // 取消 asks first; 再想想 keeps the order pending.
      await row.getByRole('button', { name: '取消' }).click();
      const confirm = page.getByRole('dialog', { name: '取消这笔订单？' });
      await opened(confirm);
      await confirm.getByRole('button', { name: '再想想' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await row.locator('.order-row__tag').textContent()).toBe('待支付');

      await row.getByRole('button', { name: '取消' }).click();
      await opened(confirm);
      await confirm.getByRole('button', { name: '取消订单' }).click();
      await page.getByText('订单已取消').waitFor();
      await row.locator('.order-row__tag', { hasText: '已取消' }).waitFor();
      expect(await row.getByRole('button', { name: '去支付' }).count()).toBe(0);
      expect(await row.locator('.countdown').count()).toBe(0);

      // A second order lists first (newest first), pending beside the cancelled one.
      await page.getByRole('button', { name: '立即开通年度会员' }).click();
      await byTransfer();
      expect(await dialog.textContent()).toContain('¥128.00');
      await dialog.getByRole('button', { name: '知道了' }).click();
      await expect.poll(() => page.locator('.order-row').count()).toBe(2);
      expect(await page.locator('.order-row').first().locator('.order-row__tag').textContent()).toBe('待支付');
      expect(await page.locator('.order-row').nth(1).locator('.order-row__tag').textContent()).toBe('已取消');
    });

    it('fits a 375 px phone without sideways scrolling', async () => {
      page = await signedInPage(browser(), session, 375);
      for (const [path, ready] of [
        ['/leaderboard', '.ranked-entry'],
        ['/bestWeek', '.best-week__bar, .empty-state'],
        ['/globalSearch?q=明月', '.hl-mark'],
        ['/myInterest', '.interest-group'],
        ['/myOrder', '.order-row'],
      ] as const) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      }
    });
  });
});
