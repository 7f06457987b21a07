/**
 * The console's site and commerce calls: orders (confirm / refund and membership), the manual payment
 * configuration, theme, classifications and tags, announcements, ads with stats, best of the week, the
 * dashboard and the audit log — each checked through what readers and buyers see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, signUp, type TestContext } from './helper.js';
import { makeAdmin } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { ads, orders, products, tags } from '../src/db/schema.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let planId: number;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { PAYMENT_MANUAL_PAYEE: '拾句文化有限公司', PAYMENT_MANUAL_BANK: '招商银行上海分行', PAYMENT_MANUAL_ACCOUNT: '6214 8300 0000 0001' },
  );
  tx = await seedTaxonomy(t.database.db);
  admin = await makeAdmin(t);
  const [p] = await t.database.db.insert(products).values({ name: '月度会员', priceFen: 1500, days: 30 }).returning();
  planId = p!.id;
});
afterAll(async () => t?.close());

const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url, token: admin.token, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await adminCall('GET', '/api/v1/admin/audit/page?pageSize=1')).data.list[0];
const me = async (token: string) => (await call(t.app, { method: 'GET', url: '/api/v1/users/me', token })).data;
const DAY = 24 * 3600 * 1000;

describe('orders', () => {
  it('confirms a transfer (membership extended, ads gone, buyer told), idempotently, then refunds it', async () => {
    await t.database.db.insert(ads).values({ title: '侧栏', image: '/brand/ad-1.svg', link: '/myOrder', position: 5 });
    const buyer = await signUp(t.app);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/5', token: buyer.token })).data).toHaveLength(1);
    const o = await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: buyer.token, payload: { productId: planId } });
    const pay = await call(t.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/pay`, token: buyer.token });
    expect(pay.data.instructions).toContain('拾句文化有限公司');
    expect(pay.data.instructions).toContain('6214 8300 0000 0001');
    expect(pay.data.instructions).toContain(o.data.orderNo);
    expect(pay.data.manual).toMatchObject({ enabled: true, windowHours: 72 });
    // A transfer waits its window (3 days), not 30 minutes.
    expect(Date.parse(pay.data.payBefore) - Date.now()).toBeGreaterThan(71 * 3600 * 1000);
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 hours'` as any })
      .where(eq(orders.id, o.data.id));
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/pc/orders/page', token: buyer.token });
    expect(mine.data.list[0].status).toBe('pending');

    const page = await adminCall('GET', `/api/v1/admin/orders/page?keyword=${o.data.orderNo}`);
    expect(page.data.list[0]).toMatchObject({
      id: o.data.id,
      status: 'pending',
      user: { id: buyer.user.id, memberUntil: null },
      product: { days: 30 },
    });
    const confirmed = await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/confirm`);
    expect(confirmed.data.status).toBe('paid');
    const until = Date.parse((await me(buyer.token)).memberUntil);
    expect(until - Date.now()).toBeGreaterThan(29.9 * DAY);
    expect(until - Date.now()).toBeLessThan(30.1 * DAY);
    expect(await lastAudit()).toMatchObject({ action: 'order.confirm', targetType: 'order', targetId: String(o.data.id) });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/5', token: buyer.token })).data).toEqual([]);
    const told = await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=system', token: buyer.token });
    expect(told.data.list[0].content).toContain(o.data.orderNo);
    // A second confirm changes nothing.
    expect((await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/confirm`)).data.status).toBe('paid');
    expect(Date.parse((await me(buyer.token)).memberUntil)).toBe(until);

    const refunded = await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/refund`, { note: '用户申请' });
    expect(refunded.data.status).toBe('refunded');
    // Shortened by the order's 30 days, never below now: the membership ends at the refund.
    const after = Date.parse((await me(buyer.token)).memberUntil);
    expect(after).toBeGreaterThanOrEqual(until - 30 * DAY);
    expect(after).toBeLessThanOrEqual(Date.now());
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/5', token: buyer.token })).data).toHaveLength(1);
    expect((await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/refund`, {})).data.status).toBe('refunded');
    expect(Date.parse((await me(buyer.token)).memberUntil)).toBe(after);
    const wrong = await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/confirm`);
    expect([wrong.code, wrong.msg.includes('已退款')]).toEqual(['A0400', true]);
  });

  it('confirms a transfer that arrives after the order closed, and refuses refunding an unpaid one', async () => {
    const buyer = await signUp(t.app);
    const o = await call(t.app, { method: 'POST', url: '/api/v1/pc/orders', token: buyer.token, payload: { productId: planId } });
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` as any })
      .where(eq(orders.id, o.data.id));
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/orders/page', token: buyer.token })).data.list[0].status).toBe('closed');
    const refund = await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/refund`, {});
    expect([refund.code, refund.msg.includes('已支付')]).toEqual(['A0400', true]);
    expect((await adminCall('POST', `/api/v1/admin/orders/${o.data.id}/confirm`)).data.status).toBe('paid');
    expect(Date.parse((await me(buyer.token)).memberUntil)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await adminCall('POST', '/api/v1/admin/orders/999999/confirm')).code).toBe('A0404');
  });

  it('says the manual provider is off when no account is configured', async () => {
    const off = await createTestApp();
    try {
      const methods = await call(off.app, { method: 'GET', url: '/api/v1/pc/payments/methods' });
      expect(methods.data.manual).toMatchObject({ enabled: false, payee: null, account: null });
      expect(methods.data.manual.message).toContain('未配置');
      await off.database.db.insert(products).values({ name: '月度会员', priceFen: 1500, days: 30 });
      const buyer = await signUp(off.app);
      const [p] = await off.database.db.select().from(products);
      const o = await call(off.app, { method: 'POST', url: '/api/v1/pc/orders', token: buyer.token, payload: { productId: p!.id } });
      const pay = await call(off.app, { method: 'POST', url: `/api/v1/pc/orders/${o.data.id}/pay`, token: buyer.token });
      expect(pay.code).toBe('C0001');
      expect(pay.msg).toContain('未配置转账收款账户');
    } finally {
      await off.close();
    }
    const on = await call(t.app, { method: 'GET', url: '/api/v1/pc/payments/methods' });
    expect(on.data.manual).toMatchObject({ enabled: true, bank: '招商银行上海分行' });
  });
});

describe('theme', () => {
  it('answers the next theme call with what the editor saved', async () => {
    const layout = { backgroundImg: '/uploads/bg.webp', color: '#333333', activeMenu: '#c0392b', grey: 1 as const };
    expect((await adminCall('PUT', '/api/v1/admin/theme', layout)).data).toEqual(layout);
    const theme = await call(t.app, { method: 'GET', url: '/api/v1/pc/theme' });
    expect(JSON.parse(theme.data.layoutVoList)).toEqual(layout);
    expect(await lastAudit()).toMatchObject({ action: 'theme.update', summary: { after: layout } });
  });
});

describe('classifications and tags', () => {
  it('creates, edits and deletes classifications, refusing while texts use one', async () => {
    const c = await adminCall('POST', '/api/v1/admin/classifications', { name: '诗词', description: '古典', sort: 3 });
    expect(c.data).toMatchObject({ name: '诗词', status: 'active', essayCount: 0, tagIds: [] });
    expect((await adminCall('POST', '/api/v1/admin/classifications', { name: '诗词' })).code).toBe('A0400');
    const hidden = await adminCall('PUT', `/api/v1/admin/classifications/${c.data.id}`, { name: '诗词', status: 'hidden' });
    expect(hidden.data.status).toBe('hidden');
    const pub = await call(t.app, { method: 'GET', url: '/api/v1/pc/classifications/page' });
    expect(pub.data.list.map((x: any) => x.name)).not.toContain('诗词');
    expect((await adminCall('GET', '/api/v1/admin/classifications')).data.map((x: any) => x.name)).toContain('诗词');

    const author = await signUp(t.app);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay',
      token: author.token,
      payload: { type: 'sentence', content: '散文分类里的一句', classificationId: tx.sanwen.id, status: 'publish' },
    });
    const refused = await adminCall('DELETE', `/api/v1/admin/classifications/${tx.sanwen.id}`);
    expect(refused.code).toBe('A0400');
    expect(refused.msg).toContain('1 篇作品');
    expect((await adminCall('DELETE', `/api/v1/admin/classifications/${c.data.id}`)).data).toEqual({ ok: true });
    expect(await lastAudit()).toMatchObject({ action: 'classification.delete', targetId: String(c.data.id) });
    expect((await adminCall('DELETE', `/api/v1/admin/classifications/${c.data.id}`)).code).toBe('A0404');
  });

  it('computes letters, keeps two levels, links classifications and merges tags', async () => {
    const moon = await adminCall('POST', '/api/v1/admin/tags', { name: '月亮', classificationIds: [tx.meiju.id] });
    expect(moon.data).toMatchObject({ letter: 'Y', parentId: null, classificationIds: [tx.meiju.id] });
    const chong = await adminCall('POST', '/api/v1/admin/tags', { name: '重阳', parentId: moon.data.id });
    expect(chong.data).toMatchObject({ letter: 'C', parentId: moon.data.id });
    const third = await adminCall('POST', '/api/v1/admin/tags', { name: '三级', parentId: chong.data.id });
    expect([third.code, third.msg.includes('parentId')]).toEqual(['A0400', true]);
    expect((await adminCall('POST', '/api/v1/admin/tags', { name: '月亮' })).code).toBe('A0400');
    const renamed = await adminCall('PUT', `/api/v1/admin/tags/${moon.data.id}`, {
      name: '明月',
      classificationIds: [tx.meiju.id, tx.sanwen.id],
    });
    expect(renamed.data).toMatchObject({ letter: 'M', classificationIds: [tx.meiju.id, tx.sanwen.id] });
    const letters = await call(t.app, { method: 'GET', url: `/api/v1/pc/classificationTagRel/letter?classificationId=${tx.sanwen.id}` });
    expect(letters.data.find((g: any) => g.letter === 'M').tags.map((x: any) => x.name)).toContain('明月');

    // Merge 思乡 into 明月: its texts follow, and the count is exact.
    const author = await signUp(t.app);
    const w = await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay',
      token: author.token,
      payload: {
        type: 'sentence',
        content: '举头望明月低头思故乡',
        classificationId: tx.meiju.id,
        tagIds: [tx.sixiang.id],
        status: 'publish',
      },
    });
    const merged = await adminCall('POST', `/api/v1/admin/tags/${tx.sixiang.id}/merge`, { intoId: moon.data.id });
    expect(merged.data).toMatchObject({ id: moon.data.id, essayCount: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'tag.merge', summary: { intoId: moon.data.id, texts: 1 } });
    const detail = await call(t.app, { method: 'POST', url: '/api/v1/pc/essays/details', payload: { id: w.data.id } });
    expect(detail.data.tags.map((x: any) => x.name)).toEqual(['明月']);
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tx.sixiang.id))).toEqual([]);
    expect((await adminCall('POST', `/api/v1/admin/tags/${moon.data.id}/merge`, { intoId: moon.data.id })).code).toBe('A0400');
    expect((await adminCall('DELETE', `/api/v1/admin/tags/${chong.data.id}`)).data).toEqual({ ok: true });
    expect((await adminCall('GET', '/api/v1/admin/tags')).data.map((x: any) => x.name)).not.toContain('重阳');
  });
});

describe('announcements', () => {
  it('sanitises, pins, and keeps a scheduled one from the public until its time', async () => {
    const now = await adminCall('POST', '/api/v1/admin/announcements', {
      title: '新功能上线',
      content: '<p>欢迎<script>alert(1)</script><a href="https://example.com">查看</a></p>',
      pinned: true,
    });
    expect(now.data.content).not.toContain('script');
    expect(now.data.content).toContain('noopener');
    expect(now.data).toMatchObject({ pinned: true, scheduled: false });
    const later = await adminCall('POST', '/api/v1/admin/announcements', {
      title: '下周维护',
      content: '<p>维护通知</p>',
      publishedAt: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(later.data.scheduled).toBe(true);
    const pub = await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/page' });
    expect(pub.data.list.map((a: any) => a.title)).toEqual(['新功能上线']);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/announcements/${later.data.id}/form` })).code).toBe('A0404');
    const all = await adminCall('GET', '/api/v1/admin/announcements/page');
    expect(all.data.total).toBe(2);
    expect((await adminCall('POST', '/api/v1/admin/announcements', { title: '空', content: '<p> </p>' })).code).toBe('A0400');
    const edited = await adminCall('PUT', `/api/v1/admin/announcements/${later.data.id}`, { title: '维护已提前', content: '<p>现在</p>' });
    expect(edited.data.scheduled).toBe(false);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/page' })).data.total).toBe(2);
    expect((await adminCall('DELETE', `/api/v1/admin/announcements/${later.data.id}`)).data).toEqual({ ok: true });
    expect((await adminCall('DELETE', `/api/v1/admin/announcements/${later.data.id}`)).code).toBe('A0404');
  });
});

describe('ads', () => {
  it('creates, edits and deletes ads and reports impressions, clicks and click-through rate', async () => {
    const created = await adminCall('POST', '/api/v1/admin/ads', {
      title: '诗集促销',
      image: '/uploads/ad.webp',
      link: 'https://example.com/shop',
      position: 1,
      weight: 5,
    });
    expect(created.data).toMatchObject({ status: 'active', impressions: 0, clicks: 0, ctr: 0 });
    const id = created.data.id as number;
    for (const v of ['a', 'b', 'c', 'd'])
      await call(t.app, {
        method: 'GET',
        url: `/api/v1/pc/ads/frequency?adId=${id}`,
        headers: { cookie: `sj_vid=viewer-${v}-000000000001` },
      });
    await call(t.app, { method: 'POST', url: `/api/v1/pc/ads/click/${id}` });
    const page = await adminCall('GET', '/api/v1/admin/ads/page?position=1');
    expect(page.data.list.find((a: any) => a.id === id)).toMatchObject({ impressions: 4, clicks: 1, ctr: 0.25 });
    const paused = await adminCall('PUT', `/api/v1/admin/ads/${id}`, {
      title: '诗集促销',
      image: '/uploads/ad.webp',
      link: '/shop',
      position: 1,
      status: 'paused',
    });
    expect(paused.data.status).toBe('paused');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/ads/list/1' })).data.map((a: any) => a.id)).not.toContain(id);
    const badWindow = await adminCall('POST', '/api/v1/admin/ads', {
      title: 'x',
      image: '/uploads/a.webp',
      link: '/x',
      position: 1,
      startAt: '2026-12-02T00:00:00Z',
      endAt: '2026-12-01T00:00:00Z',
    });
    expect([badWindow.code, badWindow.msg.includes('endAt')]).toEqual(['A0400', true]);
    expect((await adminCall('DELETE', `/api/v1/admin/ads/${id}`)).data).toEqual({ ok: true });
    expect(await lastAudit()).toMatchObject({ action: 'ad.delete', targetType: 'ad', targetId: String(id) });
  });
});

describe('best of the week', () => {
  it('pins, reorders, removes and annotates entries, shown on the public list', async () => {
    const author = await signUp(t.app);
    const ids: number[] = [];
    for (const content of ['一周之句甲', '一周之句乙', '一周之句丙']) {
      const w = await call(t.app, {
        method: 'POST',
        url: '/api/v1/app/essay',
        token: author.token,
        payload: { type: 'sentence', content, classificationId: tx.meiju.id, status: 'publish' },
      });
      ids.push(w.data.id);
    }
    const [a, b, c] = ids as [number, number, number];
    const week = '2026-W10';
    await adminCall('PUT', '/api/v1/admin/bestWeek', { week, entries: [{ essayId: a }, { essayId: b }, { essayId: c }] });
    const saved = await adminCall('PUT', '/api/v1/admin/bestWeek', {
      week,
      entries: [
        { essayId: c, pinned: true, note: '本周最佳' },
        { essayId: a, note: null },
      ],
    });
    expect(saved.data.list.map((e: any) => [e.essayId, e.rank, e.pinned, e.note])).toEqual([
      [c, 1, true, '本周最佳'],
      [a, 2, false, null],
    ]);
    expect((await adminCall('GET', `/api/v1/admin/bestWeek?week=${week}`)).data.list).toHaveLength(2);
    const pub = await call(t.app, { method: 'GET', url: `/api/v1/pc/essays/bestWeek?week=${week}` });
    expect(pub.data.list.map((e: any) => [e.id, e.note])).toEqual([
      [c, '本周最佳'],
      [a, null],
    ]);
    expect((await adminCall('PUT', '/api/v1/admin/bestWeek', { week, entries: [{ essayId: 999999 }] })).code).toBe('A0404');
    expect((await adminCall('PUT', '/api/v1/admin/bestWeek', { week, entries: [{ essayId: a }, { essayId: a }] })).code).toBe('A0400');
  });
});

describe('dashboard and audit', () => {
  it('counts today and gives a daily series of the asked length', async () => {
    await call(t.app, { method: 'POST', url: '/api/pc/pc-users/userActive', headers: { cookie: 'sj_vid=dashboard-visitor-0001' } });
    await call(t.app, { method: 'POST', url: '/api/pc/pc-users/userActive', token: admin.token });
    const r = await adminCall('GET', '/api/v1/admin/dashboard?days=14');
    expect(r.data.series).toHaveLength(14);
    expect(r.data.today).toMatchObject({ activeUsers: 1, activeVisitors: 1 });
    expect(r.data.today.newUsers).toBeGreaterThanOrEqual(5);
    expect(r.data.today.newEssays).toBeGreaterThanOrEqual(3);
    expect(r.data.today.paidOrders).toBeGreaterThanOrEqual(1);
    expect(r.data.today.revenueFen).toBeGreaterThanOrEqual(1500);
    expect(r.data.series.at(-1)).toMatchObject({ activeUsers: 1, activeVisitors: 1, newUsers: r.data.today.newUsers });
  });

  it('filters the audit log by admin, action, target and date', async () => {
    const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
    const byAction = await adminCall('GET', '/api/v1/admin/audit/page?action=order.confirm');
    expect(byAction.data.total).toBe(2);
    expect(byAction.data.list[0]).toMatchObject({ admin: { id: admin.user.id }, targetType: 'order', ip: expect.any(String) });
    expect(
      (await adminCall('GET', `/api/v1/admin/audit/page?targetType=theme&adminId=${admin.user.id}&from=${today}&to=${today}`)).data.total,
    ).toBe(1);
    expect((await adminCall('GET', '/api/v1/admin/audit/page?from=2020-01-01&to=2020-01-02')).data.total).toBe(0);
  });
});
