/**
 * Orders that complete: WeChat Pay APIv3 Native and Alipay precreate against local stand-ins (real RSA keys,
 * real signatures, real AES-GCM), through the HTTP callbacks. Happy paths, the callback twice, a callback racing
 * the active query and the editor, wrong amounts, bad signatures, stale timestamps, unknown orders, expiry
 * (closed here and upstream, and a payment that still arrives), refunds and refunds twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, createTestApp, routeOf, signUp, type TestContext } from './helper.js';
import { makeAdmin } from './factories.js';
import { orders, paymentNotifications, products } from '../src/db/schema.js';
import { startWechatStandin, type Deliver, type WechatStandin } from './standins/wechatpay.js';
import { startAlipayStandin, type AlipayStandin } from './standins/alipay.js';
import { reconcilePayments, syncPayment } from '../src/modules/orders/index.js';
import { inspect } from 'node:util';
import { loadConfig } from '../src/config.js';

let t: TestContext;
let wx: WechatStandin;
let ali: AlipayStandin;
let admin: Awaited<ReturnType<typeof signUp>>;
let monthly: number;
const DAY = 24 * 3600 * 1000;
const NOTIFY_BASE = 'https://shiju.example.com';

beforeAll(async () => {
  wx = await startWechatStandin();
  ali = await startAlipayStandin();
  t = await createTestApp({}, { ...wx.env(NOTIFY_BASE), ...ali.env(NOTIFY_BASE) });
  // The providers call the site's public address; here that is the app itself, through inject.
  const deliver: Deliver = async (url, headers, body) => {
    expect(url.startsWith(NOTIFY_BASE)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: url.slice(NOTIFY_BASE.length), headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
  wx.setDeliver(deliver);
  ali.setDeliver(deliver);
  admin = await makeAdmin(t);
  const [p] = await t.database.db.insert(products).values({ name: '月度会员', priceFen: 1500, days: 30 }).returning();
  monthly = p!.id;
});
afterAll(async () => {
  await t?.close();
  await wx?.close();
  await ali?.close();
});

const me = async (token: string) => (await callAs(t.app, 'me', {}, token)).data;
const memberUntil = async (token: string) => {
  const m = (await me(token)).memberUntil;
  return m ? Date.parse(m) : null;
};
const refund = (id: number, note?: string) => callAs(t.app, 'adminRefundOrder', { params: { id }, body: { note } }, admin.token);
/** A provider's callback as it sends it: a signed raw body, outside the contract's JSON calls. */
const notify = (id: 'wechatPayNotify' | 'alipayNotify', n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ ...routeOf(id), headers: n.headers, payload: n.body });
const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const notes = (orderId: number) =>
  t.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, orderId)).orderBy(paymentNotifications.id);

async function buyWith(provider: 'wechat' | 'alipay') {
  const buyer = await signUp(t.app);
  const o = await callAs(t.app, 'createOrder', { body: { productId: monthly } }, buyer.token);
  const pay = await callAs(t.app, 'payOrder', { params: { id: o.data.id }, body: { provider } }, buyer.token);
  expect(pay.code, pay.msg).toBe('00000');
  return { buyer, id: o.data.id, orderNo: o.data.orderNo, pay: pay.data };
}
const poll = (buyer: { token: string }, id: number) => callAs(t.app, 'getOrder', { params: { id } }, buyer.token);

describe('payment methods', () => {
  it('lists the configured ways to pay, and none when nothing is configured', async () => {
    const on = await callAs(t.app, 'paymentMethods');
    expect(on.data).toMatchObject({ wechat: { enabled: true }, alipay: { enabled: true }, available: ['wechat', 'alipay'] });
    const off = await createTestApp();
    try {
      const r = await callAs(off.app, 'paymentMethods');
      expect(r.data).toMatchObject({ wechat: { enabled: false }, alipay: { enabled: false }, available: [] });
      // Callbacks to a provider that is not configured are refused (an envelope: no provider is there to read it).
      const n = await off.app.inject({ ...routeOf('wechatPayNotify'), payload: '{}' });
      expect(n.json().code).toBe('C0001');
    } finally {
      await off.close();
    }
  });

  it('refuses half a configuration, reads keys from files, and never prints a key', async () => {
    const env = wx.env(NOTIFY_BASE);
    expect(() => loadConfig({ WECHATPAY_MCH_ID: env.WECHATPAY_MCH_ID })).toThrow(/WECHATPAY_\*: 缺少/);
    expect(() => loadConfig({ ...env, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/32/);
    expect(() => loadConfig({ ...env, WECHATPAY_PRIVATE_KEY: undefined, WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem' })).toThrow(
      /无法读取/,
    );
    const c = loadConfig(env);
    const printed = JSON.stringify(c) + String(c.wechatPay?.privateKey) + inspect(c);
    expect(printed).not.toContain('PRIVATE KEY');
    expect(printed).not.toContain(env.WECHATPAY_API_V3_KEY);
    expect(c.wechatPay?.privateKey.reveal()).toContain('PRIVATE KEY');
  });
});

describe('WeChat Pay', () => {
  it('pays through the callback: QR code, signature checked, resource decrypted, membership extended, buyer told', async () => {
    const { buyer, id, orderNo, pay } = await buyWith('wechat');
    expect(pay.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(pay.provider).toBe('wechat');
    expect(wx.txs.get(orderNo)).toMatchObject({ total: 1500, notify_url: `${NOTIFY_BASE}${routeOf('wechatPayNotify').url}` });
    // Asking again reuses the open upstream order.
    const again = await callAs(t.app, 'payOrder', { params: { id }, body: { provider: 'wechat' } }, buyer.token);
    expect(again.data.payUrl).toBe(pay.payUrl);
    expect((await poll(buyer, id)).data.status).toBe('pending');

    const { answer } = await wx.pay(orderNo);
    expect(answer).toEqual({ status: 200, body: '' });
    const o = (await poll(buyer, id)).data;
    expect(o).toMatchObject({ status: 'paid', paidAmount: 1500 });
    const until = (await memberUntil(buyer.token))!;
    expect(until - Date.now()).toBeGreaterThan(29.9 * DAY);
    expect(until - Date.now()).toBeLessThan(30.1 * DAY);
    const told = await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, buyer.token);
    expect(told.data.list[0]!.content).toContain('微信支付');
    // Members wear a 会员 badge on their public profile.
    expect((await callAs(t.app, 'userProfile', { params: { id: buyer.user.id } })).data.isMember).toBe(true);
    const [n] = await notes(id);
    expect(n).toMatchObject({ provider: 'wechat', kind: 'payment', verified: true, outcome: 'applied' });
    expect(n!.headers).toHaveProperty('wechatpay-signature');
    expect((await row(id)).tradeNo).toBe(wx.txs.get(orderNo)!.transaction_id);
  });

  it('applies the same callback twice once', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    const { notification } = await wx.pay(orderNo);
    const until = await memberUntil(buyer.token);
    const again = await notify('wechatPayNotify', notification);
    expect(again.statusCode).toBe(200);
    expect(await memberUntil(buyer.token)).toBe(until);
    expect((await notes(id)).map((n) => n.outcome)).toEqual(['applied', 'duplicate']);
  });

  it('extends membership once when the callback, the active query, the polling buyer and the editor race', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    const { notification } = await wx.pay(orderNo, { notify: false });
    const before = Date.now();
    const answers = await Promise.all([
      notify('wechatPayNotify', notification),
      syncPayment(t.database.db, t.config, t.app.runtime, await row(id)),
      poll(buyer, id),
      notify('wechatPayNotify', notification),
      callAs(t.app, 'adminConfirmOrder', { params: { id } }, admin.token),
      syncPayment(t.database.db, t.config, t.app.runtime, await row(id)),
    ]);
    expect(answers[0].statusCode).toBe(200);
    expect((await row(id)).status).toBe('paid');
    const until = (await memberUntil(buyer.token))!;
    expect(until - before).toBeGreaterThan(29.9 * DAY);
    expect(until - before).toBeLessThan(30.1 * DAY);
  });

  it('does not apply a payment whose amount differs: the order becomes an exception the editor sees', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    const { answer } = await wx.pay(orderNo, { amount: 1 });
    expect(answer!.status).toBe(200);
    expect(await memberUntil(buyer.token)).toBeNull();
    const o = (await poll(buyer, id)).data;
    expect(o).toMatchObject({ status: 'exception', paidAmount: 1 });
    expect(o.issue).toContain('¥0.01');
    const problems = await callAs(t.app, 'adminPaymentNotifications', { query: { problems: 'true', orderId: id } }, admin.token);
    expect(problems.data.list[0]).toMatchObject({ outcome: 'exception', verified: true, orderNo });
    const page = await callAs(t.app, 'adminOrdersPage', { query: { status: 'exception', keyword: orderNo } }, admin.token);
    expect(page.data.list[0]).toMatchObject({ id, notifications: 1 });
    // The editor refunds what was paid, through WeChat Pay; no membership was granted, none is taken.
    const refunded = await refund(id, '金额不符');
    expect(refunded.data.status).toBe('refunded');
    expect(wx.refunds.get(`${orderNo}R`)).toMatchObject({ refund: 1, total: 1 });
    expect(await memberUntil(buyer.token)).toBeNull();
  });

  it('refuses a bad signature, a stale timestamp, an undecryptable resource, another merchant and an unknown order', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    const { tx } = await wx.pay(orderNo, { notify: false });
    const resource = {
      ...tx,
      ...{ amount: { total: 1500 }, transaction_id: tx.transaction_id, trade_state: 'SUCCESS', appid: tx.appid, mchid: tx.mchid },
    };
    const send = (n: { headers: Record<string, string>; body: string }) => notify('wechatPayNotify', n);
    const cases = [
      [wx.notification('TRANSACTION.SUCCESS', resource, { badSignature: true }), 401, '签名验证失败'],
      [wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: Math.floor(Date.now() / 1000) - 600 }), 401, '时间戳过期'],
      [wx.notification('TRANSACTION.SUCCESS', resource, { wrongKey: true }), 400, '无法解密'],
      [wx.notification('TRANSACTION.SUCCESS', { ...resource, mchid: '1999999999' }), 400, '商户号'],
      [wx.notification('TRANSACTION.SUCCESS', { ...resource, out_trade_no: 'SJ00000000000000000000' }), 404, '订单不存在'],
    ] as const;
    for (const [n, status, reason] of cases) {
      const r = await send(n);
      expect(r.statusCode, reason).toBe(status);
      expect(r.json()).toMatchObject({ code: 'FAIL' });
      expect(r.json().message).toContain(reason);
    }
    // A tampered body under a valid signature.
    const good = wx.notification('TRANSACTION.SUCCESS', resource);
    expect(
      (await send({ headers: good.headers, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') })).statusCode,
    ).toBe(401);
    expect((await row(id)).status).toBe('pending');
    expect(await memberUntil(buyer.token)).toBeNull();
    const refused = await callAs(
      t.app,
      'adminPaymentNotifications',
      { query: { problems: 'true', provider: 'wechat', pageSize: 50 } },
      admin.token,
    );
    expect(refused.data.list.filter((n) => n.outcome === 'refused').length).toBeGreaterThanOrEqual(6);
    // The genuine one still works afterwards.
    expect((await send(good)).statusCode).toBe(200);
    expect((await row(id)).status).toBe('paid');
  });

  it('closes an unpaid order after 30 minutes here and upstream, and applies a payment that arrives after', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), payBefore: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, id));
    const result = await reconcilePayments(t.database.db, t.config, t.app.runtime);
    expect(result.upstreamClosed).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ status: 'closed', payUrl: null });
    expect(wx.txs.get(orderNo)!.trade_state).toBe('CLOSED');

    // Paid upstream just before it closed, the callback late: the order becomes paid, membership extended, buyer told.
    const late = await buyWith('wechat');
    const { notification } = await wx.pay(late.orderNo, { notify: false });
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), payBefore: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.id));
    expect((await poll(late.buyer, late.id)).data.status).toBe('closed');
    const r = await notify('wechatPayNotify', notification);
    expect(r.statusCode).toBe(200);
    expect((await poll(late.buyer, late.id)).data.status).toBe('paid');
    expect((await memberUntil(late.buyer.token))! - Date.now()).toBeGreaterThan(29.9 * DAY);
    const told = await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, late.buyer.token);
    expect(told.data.list[0]!.content).toContain('超时关闭后才收到');
    expect((await notes(late.id)).at(-1)).toMatchObject({ outcome: 'late' });
    expect(await memberUntil(buyer.token)).toBeNull();
  });

  it('finds a payment whose callback never came when the buyer polls', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    await wx.pay(orderNo, { notify: false });
    expect((await poll(buyer, id)).data.status).toBe('paid');
    expect((await notes(id))[0]).toMatchObject({ kind: 'query', outcome: 'applied', verified: true });
  });

  it('finds a payment whose callback is late when the buyer comes back to their orders', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    await wx.pay(orderNo, { notify: false });
    const mine = await callAs(t.app, 'ordersPage', {}, buyer.token);
    expect(mine.data.list.find((o) => o.id === id)).toMatchObject({ status: 'paid', provider: 'wechat' });
    expect(await memberUntil(buyer.token)).not.toBeNull();
  });

  it('refunds through the refund API, once however often it is asked', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    await wx.pay(orderNo);
    const until = (await memberUntil(buyer.token))!;
    const [first, second] = await Promise.all([refund(id, '用户申请'), refund(id)]);
    expect([first.data.status, second.data.status]).toContain('refunded');
    expect((await refund(id)).data.status).toBe('refunded');
    expect([...wx.refunds.values()].filter((r) => r.out_trade_no === orderNo)).toHaveLength(1);
    // Shortened by the order's days, never below now.
    expect((await memberUntil(buyer.token))!).toBeLessThanOrEqual(Math.max(until - 30 * DAY, Date.now()) + 5000);
    expect((await memberUntil(buyer.token))!).toBeGreaterThan(Date.now() - 5000);
    expect((await poll(buyer, id)).data.refundedAt).toBeTruthy();
    expect((await callAs(t.app, 'userProfile', { params: { id: buyer.user.id } })).data.isMember).toBe(false);
  });

  it('follows a refund that WeChat Pay completes later, by its notification (twice is once)', async () => {
    wx.setAsyncRefunds(true);
    try {
      const { buyer, id, orderNo } = await buyWith('wechat');
      await wx.pay(orderNo);
      const r = await refund(id);
      expect(r.data.status).toBe('refunding');
      const { notification, answer } = await wx.finishRefund(`${orderNo}R`);
      expect(answer.status).toBe(200);
      expect((await poll(buyer, id)).data.status).toBe('refunded');
      const again = await notify('wechatPayNotify', notification);
      expect(again.statusCode).toBe(200);
      expect((await notes(id)).filter((n) => n.kind === 'refund').map((n) => n.outcome)).toEqual(['refunded', 'duplicate']);
    } finally {
      wx.setAsyncRefunds(false);
    }
  });

  it('closes the other provider’s upstream order when the buyer switches', async () => {
    const { buyer, id, orderNo } = await buyWith('wechat');
    const ali1 = await callAs(t.app, 'payOrder', { params: { id }, body: { provider: 'alipay' } }, buyer.token);
    expect(ali1.data.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(wx.txs.get(orderNo)!.trade_state).toBe('CLOSED');
    expect((await row(id)).provider).toBe('alipay');
  });
});

describe('Alipay', () => {
  it('pays through the asynchronous notification, twice is once, and refunds once', async () => {
    const { buyer, id, orderNo, pay } = await buyWith('alipay');
    expect(pay.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(ali.trades.get(orderNo)).toMatchObject({ total_amount: '15.00', notify_url: `${NOTIFY_BASE}${routeOf('alipayNotify').url}` });
    const { answer, notification } = await ali.pay(orderNo);
    expect(answer).toEqual({ status: 200, body: 'success' });
    expect((await poll(buyer, id)).data).toMatchObject({ status: 'paid', paidAmount: 1500 });
    const until = await memberUntil(buyer.token);
    const again = await notify('alipayNotify', notification);
    expect(again.body).toBe('success');
    expect(again.headers['content-type']).toContain('text/plain');
    expect(await memberUntil(buyer.token)).toBe(until);

    const refunded = await refund(id);
    expect(refunded.data.status).toBe('refunded');
    expect((await refund(id)).data.status).toBe('refunded');
    expect([...ali.trades.get(orderNo)!.refunds.values()]).toEqual(['15.00']);
    expect(ali.calls.filter((m) => m === 'alipay.trade.refund')).toHaveLength(1);
  });

  it('refuses a bad signature, another app and an unknown order with fail; a wrong amount becomes an exception', async () => {
    const { buyer, id, orderNo } = await buyWith('alipay');
    const { trade } = await ali.pay(orderNo, { notify: false });
    const send = (n: { headers: Record<string, string>; body: string }) => notify('alipayNotify', n);
    expect((await send(ali.notification(trade, {}, { badSignature: true }))).body).toBe('fail');
    expect((await send(ali.notification(trade, { app_id: '2021999999999999' }))).body).toBe('fail');
    expect((await send(ali.notification(trade, { out_trade_no: 'SJ00000000000000000001' }))).body).toBe('fail');
    expect((await send(ali.notification(trade, { notify_time: '2020-01-01 00:00:00' }))).body).toBe('fail');
    expect((await row(id)).status).toBe('pending');
    expect((await send(ali.notification(trade, { total_amount: '0.01' }))).body).toBe('success');
    expect(await row(id)).toMatchObject({ status: 'exception', paidAmount: 1 });
    expect(await memberUntil(buyer.token)).toBeNull();
  });

  it('finds a payment by the active query when the notification is late', async () => {
    const { buyer, id, orderNo } = await buyWith('alipay');
    expect((await poll(buyer, id)).data.status).toBe('pending');
    await ali.pay(orderNo, { notify: false });
    await new Promise((r) => setTimeout(r, 3100));
    expect((await poll(buyer, id)).data.status).toBe('paid');
  });
});
