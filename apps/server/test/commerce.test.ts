import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';
import { ads, orders, products, users } from '../src/db/schema.js';

let t: TestContext;
let ad5: number, adPaused: number, adFreq: number;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { PAYMENT_MANUAL_PAYEE: '拾句文化', PAYMENT_MANUAL_BANK: '招商银行', PAYMENT_MANUAL_ACCOUNT: '6225 0000 1111' },
  );
  const rows = await t.database.db
    .insert(ads)
    .values([
      { title: '会员九折', image: '/brand/ad-1.svg', link: '/myOrder', position: 5, weight: 10, frequency: 0 },
      { title: '已暂停', image: '/brand/ad-2.svg', link: '/aboutOur', position: 5, weight: 20, status: 'paused' },
      { title: '每天一次', image: '/brand/ad-3.svg', link: '/aboutOur', position: 5, weight: 5, frequency: 24 },
      { title: '过期广告', image: '/brand/ad-4.svg', link: '/aboutOur', position: 5, endAt: new Date(Date.now() - 86_400_000) },
      { title: '首页横幅', image: '/brand/ad-5.svg', link: '/bestWeek', position: 1 },
    ])
    .returning();
  [ad5, adPaused, adFreq] = [rows[0]!.id, rows[1]!.id, rows[2]!.id];
  await t.database.db.insert(products).values([
    { name: '月度会员', priceFen: 1500, days: 30, sort: 1 },
    { name: '年度会员', priceFen: 12800, days: 365, sort: 3 },
    { name: '下架套餐', priceFen: 1, days: 1, active: false },
  ]);
});
afterAll(async () => t?.close());

describe('ads', () => {
  it('lists live ads of a position, heavier first', async () => {
    const r = await callAs(t.app, 'adsList', { params: { id: 5 } });
    expect(r.data.map((a) => a.title)).toEqual(['会员九折', '每天一次']);
    const page = await callAs(t.app, 'adsPage', { body: { position: 1 } });
    expect(page.data.list.map((a) => a.title)).toEqual(['首页横幅']);
    expect((await callAs(t.app, 'adsList', { params: { id: 'abc' } })).code).toBe('A0400');
  });

  it('applies the frequency rule per viewer and counts impressions only when shown', async () => {
    const cookie = 'sj_vid=viewer-one-0000000001';
    const ask = (id: number, c = cookie) => callAs(t.app, 'adsFrequency', { query: { adId: id } }, undefined, { headers: { cookie: c } });
    expect((await ask(adFreq)).data.show).toBe(true);
    expect((await ask(adFreq)).data.show).toBe(false);
    expect((await ask(adFreq, 'sj_vid=viewer-two-0000000002')).data.show).toBe(true);
    expect((await ask(ad5)).data.show).toBe(true);
    expect((await ask(ad5)).data.show).toBe(true);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adFreq));
    expect(row!.impressions).toBe(2);
    expect((await ask(adPaused)).code).toBe('A0404');
    expect((await callUnchecked(t.app, 'adsFrequency', {})).code).toBe('A0400');
  });

  it('counts clicks and returns the link', async () => {
    const r = await callAs(t.app, 'adsClick', { params: { id: ad5 } });
    expect(r.data).toEqual({ link: '/myOrder' });
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, ad5));
    expect(row!.clicks).toBe(1);
    expect((await callAs(t.app, 'adsClick', { params: { id: 999999 } })).code).toBe('A0404');
  });

  it('shows members no ads', async () => {
    const m = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ memberUntil: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(users.id, m.user.id));
    expect((await callAs(t.app, 'adsList', { params: { id: 5 } }, m.token)).data).toEqual([]);
    expect((await callAs(t.app, 'adsFrequency', { query: { adId: ad5 } }, m.token)).data.show).toBe(false);
  });
});

describe('orders', () => {
  it('creates, lists, pays (manual instructions) and cancels own orders', async () => {
    const u = await signUp(t.app);
    const plans = await callAs(t.app, 'products');
    expect(plans.data.map((p) => p.name)).toEqual(['月度会员', '年度会员']);
    const o = await callAs(t.app, 'createOrder', { body: { productId: plans.data[0]!.id } }, u.token);
    expect(o.data).toMatchObject({ status: 'pending', amount: 1500, product: { name: '月度会员' } });
    expect(o.data.orderNo).toMatch(/^SJ\d{20}$/);
    const pay = await callAs(t.app, 'payOrder', { params: { id: o.data.id } }, u.token);
    expect(pay.data.instructions).toContain(o.data.orderNo);
    expect(pay.data.instructions).toContain('¥15.00');
    const other = await signUp(t.app);
    const steal = await callAs(t.app, 'cancelOrder', { params: { id: o.data.id } }, other.token);
    expect(steal.code).toBe('A0301');
    const cancel = await callAs(t.app, 'cancelOrder', { params: { id: o.data.id } }, u.token);
    expect(cancel.data.status).toBe('cancelled');
    expect((await callAs(t.app, 'payOrder', { params: { id: o.data.id } }, u.token)).code).toBe('A0400');
    const mine = await callAs(t.app, 'ordersPage', {}, u.token);
    expect(mine.data.total).toBe(1);
    expect((await callAs(t.app, 'ordersPage', {}, other.token)).data.total).toBe(0);
  });

  it('closes pending orders after 30 minutes', async () => {
    const u = await signUp(t.app);
    const [plan] = await t.database.db.select().from(products).where(eq(products.name, '年度会员'));
    const o = await callAs(t.app, 'createOrder', { body: { productId: plan!.id } }, u.token);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, o.data.id));
    const mine = await callAs(t.app, 'ordersPage', {}, u.token);
    expect(mine.data.list[0]!.status).toBe('closed');
    expect(mine.data.list[0]!.closedAt).toBeTruthy();
  });

  it('refuses unknown or inactive plans, visitors and floods of unpaid orders', async () => {
    const u = await signUp(t.app);
    const [inactive] = await t.database.db.select().from(products).where(eq(products.name, '下架套餐'));
    expect((await callAs(t.app, 'createOrder', { body: { productId: inactive!.id } }, u.token)).code).toBe('A0400');
    expect((await callAs(t.app, 'createOrder', { body: { productId: 'x' } }, u.token)).code).toBe('A0400');
    expect((await callAs(t.app, 'createOrder', { body: { productId: 1 } })).code).toBe('A0230');
    const [plan] = await t.database.db.select().from(products).where(eq(products.name, '月度会员'));
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await callAs(t.app, 'createOrder', { body: { productId: plan!.id } }, u.token)).code);
    expect(codes.slice(0, 5).every((c) => c === '00000')).toBe(true);
    expect(codes[5]).toBe('A0501');
    expect((await callAs(t.app, 'cancelOrder', { params: { id: 999999 } }, u.token)).code).toBe('A0404');
  });
});
