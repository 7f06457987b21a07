import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerUser, signInAs } from './essay-helpers.js';
import { signInAdmin } from './factories.js';
import { baseURL, closePage, opened, openPage, settled, useBrowser, waitForTitle } from './helpers.js';

const standin = inject('wechatPayStandin');

describe('paying with WeChat Pay (the local stand-in)', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  let adId: number | undefined;
  let adminToken = '';
  afterAll(async () => {
    if (page) await closePage(page);
    // Other journeys share this server: the ad made here goes.
    if (adId) await callApi('DELETE', `/api/v1/admin/ads/${adId}`, undefined, adminToken);
  });

  it('shows the QR code, closes by itself once paid, shows 已支付 and the new expiry; ads are gone on /home', async () => {
    adminToken = (await signInAdmin()).accessToken;
    const ad = await callApi<{ id: number }>(
      'POST',
      '/api/v1/admin/ads',
      { title: '会员免广告', image: `${baseURL}/favicon.svg`, link: '/myOrder', position: 5 },
      adminToken,
    );
    adId = ad.id;
    const buyer = await registerUser('e2e_wxp', '扫码的读者');
    page = await openPage(browser());
    await signInAs(page, buyer);
    await page.goto('/home');
    await page.getByRole('complementary', { name: '推广' }).waitFor();

    await page.goto('/myOrder');
    await waitForTitle(page, '拾句 | 我的订单');
    await page.getByText('尚未开通会员').waitFor();
    await page.getByText('支付方式：微信支付或银行转账').waitFor();
    await page.locator('.plan').first().waitFor();
    await settled(page);

    await page.getByRole('button', { name: '立即开通月度会员' }).click();
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await opened(dialog);
    await dialog.getByText('请选择支付方式').waitFor();
    const polls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/pc\/orders\/\d+$/.test(new URL(r.url()).pathname)) polls.push(r.url());
    });
    await dialog.locator('label', { hasText: '微信支付' }).click();
    const qr = dialog.getByRole('img', { name: '微信支付付款二维码' });
    await qr.locator('svg').waitFor();
    expect(await dialog.textContent()).toContain('请用微信扫一扫扫描二维码，支付 ¥15.00');
    // The dialog polls the order quietly while it waits.
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const orderNo = (await callApi<{ list: Array<{ orderNo: string }> }>('GET', '/api/v1/pc/orders/page', undefined, buyer.accessToken))
      .list[0]!.orderNo;
    // The stand-in "pays": WeChat Pay's signed, encrypted notification reaches the server.
    const paid = await fetch(`${standin}/__standin/pay/${orderNo}`, { method: 'POST' });
    expect(((await paid.json()) as { answer: { status: number } }).answer.status).toBe(200);

    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.getByText('支付成功，月度会员已生效').waitFor();
    const row = page.locator('.order-row', { hasText: orderNo });
    await row.locator('.order-row__tag', { hasText: '已支付' }).waitFor();
    expect(await row.textContent()).toContain('微信支付');
    // The page reads in Asia/Shanghai (UTC+8): the expiry is today there plus 30 days.
    const expiry = new Date(Date.now() + 30 * 86_400_000 + 8 * 3_600_000);
    await page.getByText(`会员有效期至 ${expiry.getUTCFullYear()}年${expiry.getUTCMonth() + 1}月${expiry.getUTCDate()}日`).waitFor();

    // A 会员 badge beside their name on their own page.
    await page.goto('/space');
    await page.locator('.profile-card__name .member-badge', { hasText: '会员' }).waitFor();

    await page.goto('/home');
    await page.locator('.feed .essay-card').first().waitFor();
    await settled(page);
    expect(await page.getByRole('complementary', { name: '推广' }).count()).toBe(0);
  });
});

describe('buying while no way to pay is configured', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterAll(async () => {
    if (page) await closePage(page);
  });

  it('says so in one sentence, offers no 立即开通, and its one action opens the membership notice, which promises nothing unconfigured', async () => {
    const reader = await registerUser('e2e_nopay', '想开会员的读者');
    page = await openPage(browser());
    await signInAs(page, reader);
    // This server has WeChat Pay and transfers configured: the answer of a site with neither stands in for it.
    await page.route('**/api/v1/pc/payments/methods', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { manual: Record<string, unknown> } };
      const manual = { ...body.data.manual, enabled: false, payee: null, bank: null, account: null };
      await route.fulfill({
        response: res,
        json: { ...body, data: { manual, wechat: { enabled: false }, alipay: { enabled: false }, available: [] } },
      });
    });
    await page.goto('/myOrder');
    await waitForTitle(page, '拾句 | 我的订单');
    await page.getByText('暂未开通在线支付，会员暂时无法购买。').waitFor();
    await page.locator('.plan').first().waitFor();
    await page.getByText('还没有订单。', { exact: true }).waitFor();
    await settled(page);
    const text = await page.locator('main').textContent();
    expect(text).not.toContain('立即开通');
    expect(await page.getByRole('button', { name: /立即开通/ }).count()).toBe(0);

    await page.getByRole('link', { name: '查看会员说明' }).click();
    await waitForTitle(page, '拾句 | 公告详情 · 会员服务说明');
    const notice = page.locator('.bulletin-article__content');
    await notice.getByText('暂未开通在线支付', { exact: false }).waitFor();
    const said = (await notice.textContent()) ?? '';
    expect(said).not.toContain('目前支持银行转账');
    expect(said).toContain('（如已开通）');
  });
});
