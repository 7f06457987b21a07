/**
 * The console's site and commerce calls: orders (confirm / refund and membership), the manual payment
 * configuration, theme, classifications and tags, announcements, ads with stats, best of the week, the
 * dashboard and the audit log — each checked through what readers and buyers see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { makeAdmin, publishText } from './factories.js';
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

const lastAudit = async () => (await callAs(t.app, 'adminAuditPage', { query: { pageSize: 1 } }, admin.token)).data.list[0];
const me = async (token: string) => (await callAs(t.app, 'me', {}, token)).data;
/** When the reader's membership ends (NaN when they are no member). */
const memberUntil = async (token: string) => Date.parse((await me(token)).memberUntil ?? '');
const DAY = 24 * 3600 * 1000;

describe('orders', () => {
  it('confirms a transfer (membership extended, ads gone, buyer told), idempotently, then refunds it', async () => {
    await t.database.db.insert(ads).values({ title: '侧栏', image: '/brand/ad-1.svg', link: '/myOrder', position: 5 });
    const buyer = await signUp(t.app);
    expect((await callAs(t.app, 'adsList', { params: { id: 5 } }, buyer.token)).data).toHaveLength(1);
    const o = await callAs(t.app, 'createOrder', { body: { productId: planId } }, buyer.token);
    const pay = await callAs(t.app, 'payOrder', { params: { id: o.data.id } }, buyer.token);
    expect(pay.data.instructions).toContain('拾句文化有限公司');
    expect(pay.data.instructions).toContain('6214 8300 0000 0001');
    expect(pay.data.instructions).toContain(o.data.orderNo);
    expect(pay.data.manual).toMatchObject({ enabled: true, windowHours: 72 });
    // A transfer waits its window (3 days), not 30 minutes.
    expect(Date.parse(pay.data.payBefore!) - Date.now()).toBeGreaterThan(71 * 3600 * 1000);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(orders.id, o.data.id));
    const mine = await callAs(t.app, 'ordersPage', {}, buyer.token);
    expect(mine.data.list[0]!.status).toBe('pending');

    const page = await callAs(t.app, 'adminOrdersPage', { query: { keyword: o.data.orderNo } }, admin.token);
    expect(page.data.list[0]).toMatchObject({
      id: o.data.id,
      status: 'pending',
      user: { id: buyer.user.id, memberUntil: null },
      product: { days: 30 },
    });
    const confirmed = await callAs(t.app, 'adminConfirmOrder', { params: { id: o.data.id } }, admin.token);
    expect(confirmed.data.status).toBe('paid');
    const until = await memberUntil(buyer.token);
    expect(until - Date.now()).toBeGreaterThan(29.9 * DAY);
    expect(until - Date.now()).toBeLessThan(30.1 * DAY);
    expect(await lastAudit()).toMatchObject({ action: 'order.confirm', targetType: 'order', targetId: String(o.data.id) });
    expect((await callAs(t.app, 'adsList', { params: { id: 5 } }, buyer.token)).data).toEqual([]);
    const told = await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, buyer.token);
    expect(told.data.list[0]!.content).toContain(o.data.orderNo);
    // A second confirm changes nothing.
    expect((await callAs(t.app, 'adminConfirmOrder', { params: { id: o.data.id } }, admin.token)).data.status).toBe('paid');
    expect(await memberUntil(buyer.token)).toBe(until);

    const refunded = await callAs(t.app, 'adminRefundOrder', { params: { id: o.data.id }, body: { note: '用户申请' } }, admin.token);
    expect(refunded.data.status).toBe('refunded');
    // Shortened by the order's 30 days, never below now: the membership ends at the refund.
    const after = await memberUntil(buyer.token);
    expect(after).toBeGreaterThanOrEqual(until - 30 * DAY);
    expect(after).toBeLessThanOrEqual(Date.now());
    expect((await callAs(t.app, 'adsList', { params: { id: 5 } }, buyer.token)).data).toHaveLength(1);
    expect((await callAs(t.app, 'adminRefundOrder', { params: { id: o.data.id }, body: {} }, admin.token)).data.status).toBe('refunded');
    expect(await memberUntil(buyer.token)).toBe(after);
    const wrong = await callAs(t.app, 'adminConfirmOrder', { params: { id: o.data.id } }, admin.token);
    expect([wrong.code, wrong.msg.includes('已退款')]).toEqual(['A0400', true]);
  });

  it('confirms a transfer that arrives after the order closed, and refuses refunding an unpaid one', async () => {
    const buyer = await signUp(t.app);
    const o = await callAs(t.app, 'createOrder', { body: { productId: planId } }, buyer.token);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, o.data.id));
    expect((await callAs(t.app, 'ordersPage', {}, buyer.token)).data.list[0]!.status).toBe('closed');
    const refund = await callAs(t.app, 'adminRefundOrder', { params: { id: o.data.id }, body: {} }, admin.token);
    expect([refund.code, refund.msg.includes('已支付')]).toEqual(['A0400', true]);
    expect((await callAs(t.app, 'adminConfirmOrder', { params: { id: o.data.id } }, admin.token)).data.status).toBe('paid');
    expect(await memberUntil(buyer.token)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await callAs(t.app, 'adminConfirmOrder', { params: { id: 999999 } }, admin.token)).code).toBe('A0404');
  });

  it('says the manual provider is off when no account is configured', async () => {
    const off = await createTestApp();
    try {
      const methods = await callAs(off.app, 'paymentMethods');
      expect(methods.data.manual).toMatchObject({ enabled: false, payee: null, account: null });
      expect(methods.data.manual.message).toContain('未配置');
      await off.database.db.insert(products).values({ name: '月度会员', priceFen: 1500, days: 30 });
      const buyer = await signUp(off.app);
      const [p] = await off.database.db.select().from(products);
      const o = await callAs(off.app, 'createOrder', { body: { productId: p!.id } }, buyer.token);
      const pay = await callAs(off.app, 'payOrder', { params: { id: o.data.id } }, buyer.token);
      expect(pay.code).toBe('C0001');
      expect(pay.msg).toContain('未配置转账收款账户');
    } finally {
      await off.close();
    }
    const on = await callAs(t.app, 'paymentMethods');
    expect(on.data.manual).toMatchObject({ enabled: true, bank: '招商银行上海分行' });
  });
});

describe('theme', () => {
  it('answers the next theme call with what the editor saved', async () => {
    const layout = { backgroundImg: '/uploads/bg.webp', color: '#333333', activeMenu: '#c0392b', grey: 1 as const };
    expect((await callAs(t.app, 'adminUpdateTheme', { body: layout }, admin.token)).data).toEqual(layout);
    const theme = await callAs(t.app, 'theme');
    expect(JSON.parse(theme.data.layoutVoList)).toEqual(layout);
    expect(await lastAudit()).toMatchObject({ action: 'theme.update', summary: { after: layout } });
  });
});

describe('classifications and tags', () => {
  it('creates, edits and deletes classifications, refusing while texts use one', async () => {
    const c = await callAs(t.app, 'adminCreateClassification', { body: { name: '诗词', description: '古典', sort: 3 } }, admin.token);
    expect(c.data).toMatchObject({ name: '诗词', status: 'active', essayCount: 0, tagIds: [] });
    expect((await callAs(t.app, 'adminCreateClassification', { body: { name: '诗词' } }, admin.token)).code).toBe('A0400');
    const hidden = await callAs(
      t.app,
      'adminUpdateClassification',
      { params: { id: c.data.id }, body: { name: '诗词', status: 'hidden' } },
      admin.token,
    );
    expect(hidden.data.status).toBe('hidden');
    const pub = await callAs(t.app, 'classificationsPage');
    expect(pub.data.list.map((x) => x.name)).not.toContain('诗词');
    expect((await callAs(t.app, 'adminClassifications', {}, admin.token)).data.map((x) => x.name)).toContain('诗词');

    const author = await signUp(t.app);
    await publishText(t.app, author, { content: '散文分类里的一句', classificationId: tx.sanwen.id });
    const refused = await callAs(t.app, 'adminDeleteClassification', { params: { id: tx.sanwen.id } }, admin.token);
    expect(refused.code).toBe('A0400');
    expect(refused.msg).toContain('1 篇作品');
    expect((await callAs(t.app, 'adminDeleteClassification', { params: { id: c.data.id } }, admin.token)).data).toEqual({ ok: true });
    expect(await lastAudit()).toMatchObject({ action: 'classification.delete', targetId: String(c.data.id) });
    expect((await callAs(t.app, 'adminDeleteClassification', { params: { id: c.data.id } }, admin.token)).code).toBe('A0404');
  });

  it('computes letters, keeps two levels, links classifications and merges tags', async () => {
    const moon = await callAs(t.app, 'adminCreateTag', { body: { name: '月亮', classificationIds: [tx.meiju.id] } }, admin.token);
    expect(moon.data).toMatchObject({ letter: 'Y', parentId: null, classificationIds: [tx.meiju.id] });
    const chong = await callAs(t.app, 'adminCreateTag', { body: { name: '重阳', parentId: moon.data.id } }, admin.token);
    expect(chong.data).toMatchObject({ letter: 'C', parentId: moon.data.id });
    const third = await callAs(t.app, 'adminCreateTag', { body: { name: '三级', parentId: chong.data.id } }, admin.token);
    expect([third.code, third.msg.includes('parentId')]).toEqual(['A0400', true]);
    expect((await callAs(t.app, 'adminCreateTag', { body: { name: '月亮' } }, admin.token)).code).toBe('A0400');
    const renamed = await callAs(
      t.app,
      'adminUpdateTag',
      {
        params: { id: moon.data.id },
        body: {
          name: '明月',
          classificationIds: [tx.meiju.id, tx.sanwen.id],
        },
      },
      admin.token,
    );
    expect(renamed.data).toMatchObject({ letter: 'M', classificationIds: [tx.meiju.id, tx.sanwen.id] });
    const letters = await callAs(t.app, 'tagLetters', { query: { classificationId: tx.sanwen.id } });
    expect(letters.data.find((g) => g.letter === 'M')!.tags.map((x) => x.name)).toContain('明月');

    // Merge 思乡 into 明月: its texts follow, and the count is exact.
    const author = await signUp(t.app);
    const w = await publishText(t.app, author, { content: '举头望明月低头思故乡', classificationId: tx.meiju.id, tagIds: [tx.sixiang.id] });
    const merged = await callAs(t.app, 'adminMergeTag', { params: { id: tx.sixiang.id }, body: { intoId: moon.data.id } }, admin.token);
    expect(merged.data).toMatchObject({ id: moon.data.id, essayCount: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'tag.merge', summary: { intoId: moon.data.id, texts: 1 } });
    const detail = await callAs(t.app, 'essayDetails', { body: { id: w.id } });
    expect(detail.data.tags.map((x) => x.name)).toEqual(['明月']);
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tx.sixiang.id))).toEqual([]);
    expect((await callAs(t.app, 'adminMergeTag', { params: { id: moon.data.id }, body: { intoId: moon.data.id } }, admin.token)).code).toBe(
      'A0400',
    );
    expect((await callAs(t.app, 'adminDeleteTag', { params: { id: chong.data.id } }, admin.token)).data).toEqual({ ok: true });
    expect((await callAs(t.app, 'adminTags', {}, admin.token)).data.map((x) => x.name)).not.toContain('重阳');
  });
});

describe('announcements', () => {
  it('sanitises, pins, and keeps a scheduled one from the public until its time', async () => {
    const now = await callAs(
      t.app,
      'adminCreateAnnouncement',
      {
        body: {
          title: '新功能上线',
          content: '<p>欢迎<script>alert(1)</script><a href="https://example.com">查看</a></p>',
          pinned: true,
        },
      },
      admin.token,
    );
    expect(now.data.content).not.toContain('script');
    expect(now.data.content).toContain('noopener');
    expect(now.data).toMatchObject({ pinned: true, scheduled: false });
    const later = await callAs(
      t.app,
      'adminCreateAnnouncement',
      {
        body: {
          title: '下周维护',
          content: '<p>维护通知</p>',
          publishedAt: new Date(Date.now() + 2 * DAY).toISOString(),
        },
      },
      admin.token,
    );
    expect(later.data.scheduled).toBe(true);
    const pub = await callAs(t.app, 'announcementsPage');
    expect(pub.data.list.map((a) => a.title)).toEqual(['新功能上线']);
    expect((await callAs(t.app, 'announcementForm', { params: { id: later.data.id } })).code).toBe('A0404');
    const all = await callAs(t.app, 'adminAnnouncementsPage', {}, admin.token);
    expect(all.data.total).toBe(2);
    expect((await callAs(t.app, 'adminCreateAnnouncement', { body: { title: '空', content: '<p> </p>' } }, admin.token)).code).toBe(
      'A0400',
    );
    const edited = await callAs(
      t.app,
      'adminUpdateAnnouncement',
      { params: { id: later.data.id }, body: { title: '维护已提前', content: '<p>现在</p>' } },
      admin.token,
    );
    expect(edited.data.scheduled).toBe(false);
    expect((await callAs(t.app, 'announcementsPage')).data.total).toBe(2);
    expect((await callAs(t.app, 'adminDeleteAnnouncement', { params: { id: later.data.id } }, admin.token)).data).toEqual({ ok: true });
    expect((await callAs(t.app, 'adminDeleteAnnouncement', { params: { id: later.data.id } }, admin.token)).code).toBe('A0404');
  });
});

describe('ads', () => {
  it('creates, edits and deletes ads and reports impressions, clicks and click-through rate', async () => {
    const created = await callAs(
      t.app,
      'adminCreateAd',
      {
        body: {
          title: '诗集促销',
          image: '/uploads/ad.webp',
          link: 'https://example.com/shop',
          position: 1,
          weight: 5,
        },
      },
      admin.token,
    );
    expect(created.data).toMatchObject({ status: 'active', impressions: 0, clicks: 0, ctr: 0 });
    const id = created.data.id as number;
    for (const v of ['a', 'b', 'c', 'd'])
      await callAs(t.app, 'adsFrequency', { query: { adId: id } }, undefined, { headers: { cookie: `sj_vid=viewer-${v}-000000000001` } });
    await callAs(t.app, 'adsClick', { params: { id } });
    const page = await callAs(t.app, 'adminAdsPage', { query: { position: 1 } }, admin.token);
    expect(page.data.list.find((a) => a.id === id)).toMatchObject({ impressions: 4, clicks: 1, ctr: 0.25 });
    const paused = await callAs(
      t.app,
      'adminUpdateAd',
      {
        params: { id },
        body: {
          title: '诗集促销',
          image: '/uploads/ad.webp',
          link: '/shop',
          position: 1,
          status: 'paused',
        },
      },
      admin.token,
    );
    expect(paused.data.status).toBe('paused');
    expect((await callAs(t.app, 'adsList', { params: { id: 1 } })).data.map((a) => a.id)).not.toContain(id);
    const badWindow = await callAs(
      t.app,
      'adminCreateAd',
      {
        body: {
          title: 'x',
          image: '/uploads/a.webp',
          link: '/x',
          position: 1,
          startAt: '2026-12-02T00:00:00Z',
          endAt: '2026-12-01T00:00:00Z',
        },
      },
      admin.token,
    );
    expect([badWindow.code, badWindow.msg.includes('endAt')]).toEqual(['A0400', true]);
    expect((await callAs(t.app, 'adminDeleteAd', { params: { id } }, admin.token)).data).toEqual({ ok: true });
    expect(await lastAudit()).toMatchObject({ action: 'ad.delete', targetType: 'ad', targetId: String(id) });
  });
});

describe('best of the week', () => {
  it('pins, reorders, removes and annotates entries, shown on the public list', async () => {
    const author = await signUp(t.app);
    const ids: number[] = [];
    for (const content of ['一周之句甲', '一周之句乙', '一周之句丙']) {
      ids.push((await publishText(t.app, author, { content, classificationId: tx.meiju.id })).id);
    }
    const [a, b, c] = ids as [number, number, number];
    const week = '2026-W10';
    await callAs(t.app, 'adminUpdateBestWeek', { body: { week, entries: [{ essayId: a }, { essayId: b }, { essayId: c }] } }, admin.token);
    const saved = await callAs(
      t.app,
      'adminUpdateBestWeek',
      {
        body: {
          week,
          entries: [
            { essayId: c, pinned: true, note: '本周最佳' },
            { essayId: a, note: null },
          ],
        },
      },
      admin.token,
    );
    expect(saved.data.list.map((e) => [e.essayId, e.rank, e.pinned, e.note])).toEqual([
      [c, 1, true, '本周最佳'],
      [a, 2, false, null],
    ]);
    expect((await callAs(t.app, 'adminBestWeek', { query: { week } }, admin.token)).data.list).toHaveLength(2);
    const pub = await callAs(t.app, 'bestWeek', { query: { week } });
    expect(pub.data.list.map((e) => [e.id, e.note])).toEqual([
      [c, '本周最佳'],
      [a, null],
    ]);
    expect((await callAs(t.app, 'adminUpdateBestWeek', { body: { week, entries: [{ essayId: 999999 }] } }, admin.token)).code).toBe(
      'A0404',
    );
    expect(
      (await callAs(t.app, 'adminUpdateBestWeek', { body: { week, entries: [{ essayId: a }, { essayId: a }] } }, admin.token)).code,
    ).toBe('A0400');
  });
});

describe('dashboard and audit', () => {
  it('counts today and gives a daily series of the asked length', async () => {
    await callAs(t.app, 'userActive', {}, undefined, { headers: { cookie: 'sj_vid=dashboard-visitor-0001' } });
    await callAs(t.app, 'userActive', {}, admin.token);
    const r = await callAs(t.app, 'adminDashboard', { query: { days: 14 } }, admin.token);
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
    const byAction = await callAs(t.app, 'adminAuditPage', { query: { action: 'order.confirm' } }, admin.token);
    expect(byAction.data.total).toBe(2);
    expect(byAction.data.list[0]).toMatchObject({ admin: { id: admin.user.id }, targetType: 'order', ip: expect.any(String) });
    expect(
      (
        await callAs(
          t.app,
          'adminAuditPage',
          { query: { targetType: 'theme', adminId: admin.user.id, from: today, to: today } },
          admin.token,
        )
      ).data.total,
    ).toBe(1);
    expect((await callAs(t.app, 'adminAuditPage', { query: { from: '2020-01-01', to: '2020-01-02' } }, admin.token)).data.total).toBe(0);
  });
});
