import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, signUp, type TestContext } from './helper.js';
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
      { title: '过期广告', image: '/brand/ad-4.svg', link: '/aboutOur', position: 5, endAt: sql`now() - interval '1 day'` as any },
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
    const r = await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/5' });
    expect(r.data.map((a: any) => a.title)).toEqual(['会员九折', '每天一次']);
    const page = await call(t.app, { method: 'POST', url: '/api/v1/ads/page', payload: { position: 1 } });
    expect(page.data.list.map((a: any) => a.title)).toEqual(['首页横幅']);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/abc' })).code).toBe('A0400');
  });

  it('applies the frequency rule per viewer and counts impressions only when shown', async () => {
    const cookie = 'sj_vid=viewer-one-0000000001';
    const ask = (id: number, c = cookie) =>
      call(t.app, { method: 'GET', url: `/api/v1/pc/ads/frequency?adId=${id}`, headers: { cookie: c } });
    expect((await ask(adFreq)).data.show).toBe(true);
    expect((await ask(adFreq)).data.show).toBe(false);
    expect((await ask(adFreq, 'sj_vid=viewer-two-0000000002')).data.show).toBe(true);
    expect((await ask(ad5)).data.show).toBe(true);
    expect((await ask(ad5)).data.show).toBe(true);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adFreq));
    expect(row!.impressions).toBe(2);
    expect((await ask(adPaused)).code).toBe('A0404');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/frequency' })).code).toBe('A0400');
  });

  it('counts clicks and returns the link', async () => {
    const r = await call(t.app, { method: 'POST', url: `/api/v1/pc/ads/click/${ad5}` });
    expect(r.data).toEqual({ link: '/myOrder' });
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, ad5));
    expect(row!.clicks).toBe(1);
    expect((await call(t.app, { method: 'POST', url: '/api/v1/pc/ads/click/999999' })).code).toBe('A0404');
  });

  it('shows members no ads', async () => {
    const m = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ memberUntil: sql`now() + interval '30 days'` as any })
      .where(eq(users.id, m.user.id));
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/5', token: m.token })).data).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/ads/frequency?adId=${ad5}`, token: m.token })).data.show).toBe(false);
  });
});

describe('orders', () => {
  it('creates, lists, pays (manual instructions) and cancels own orders', async () => {
    const u = await signUp(t.app);
    const plans = await call(t.app, { method: 'GET', url: '/api/v1/pc/products' });
    expect(plans.data.map((p: any) => p.name)).toEqual(['月度会员', '年度会员']);
    const o = await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: u.token, payload: { productId: plans.data[0].id } });
    expect(o.data).toMatchObject({ status: 'pending', amount: 1500, product: { name: '月度会员' } });
    expect(o.data.orderNo).toMatch(/^SJ\d{20}$/);
    const pay = await call(t.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/pay`, token: u.token });
    expect(pay.data.instructions).toContain(o.data.orderNo);
    expect(pay.data.instructions).toContain('¥15.00');
    const other = await signUp(t.app);
    const steal = await call(t.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/cancel`, token: other.token });
    expect(steal.code).toBe('A0301');
    const cancel = await call(t.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/cancel`, token: u.token });
    expect(cancel.data.status).toBe('cancelled');
    expect((await call(t.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/pay`, token: u.token })).code).toBe('A0400');
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/pc/orders/page', token: u.token });
    expect(mine.data.total).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/orders/page', token: other.token })).data.total).toBe(0);
  });

  it('closes pending orders after 30 minutes', async () => {
    const u = await signUp(t.app);
    const [plan] = await t.database.db.select().from(products).where(eq(products.name, '年度会员'));
    const o = await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: u.token, payload: { productId: plan!.id } });
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` as any })
      .where(eq(orders.id, o.data.id));
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/pc/orders/page', token: u.token });
    expect(mine.data.list[0].status).toBe('closed');
    expect(mine.data.list[0].closedAt).toBeTruthy();
  });

  it('refuses unknown or inactive plans, visitors and floods of unpaid orders', async () => {
    const u = await signUp(t.app);
    const [inactive] = await t.database.db.select().from(products).where(eq(products.name, '下架套餐'));
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: u.token, payload: { productId: inactive!.id } })).code,
    ).toBe('A0400');
    expect((await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: u.token, payload: { productId: 'x' } })).code).toBe(
      'A0400',
    );
    expect((await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', payload: { productId: 1 } })).code).toBe('A0230');
    const [plan] = await t.database.db.select().from(products).where(eq(products.name, '月度会员'));
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: u.token, payload: { productId: plan!.id } })).code);
    expect(codes.slice(0, 5).every((c) => c === '00000')).toBe(true);
    expect(codes[5]).toBe('A0501');
    expect((await call(t.app, { method: 'POST', url: '/api/v1/pc/orders/999999/cancel', token: u.token })).code).toBe('A0404');
  });
});
