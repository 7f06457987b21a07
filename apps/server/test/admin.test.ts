/**
 * The editor's console, seen from outside: who may call it, what bad input answers, the audit row
 * every write leaves, and the effect each action has on what readers see through the public calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { callList, fillPath } from '@shiju/contract';
import { call, callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { RANK_MIN_LIKES } from '@shiju/contract/core';
import { likedByEstablished, makeAdmin } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { auditLog, classifications, themes, users } from '../src/db/schema.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  admin = await makeAdmin(t);
});
afterAll(async () => t?.close());

const write = (token: string, content: string, extra: Record<string, unknown> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/app/essay',
    token,
    payload: { type: 'sentence', content, classificationId: tx.meiju.id, tagIds: [tx.tangshi.id], status: 'publish', ...extra },
  });
const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url, token: admin.token, ...(payload ? { payload } : {}) });
const details = (id: number, token?: string) => callAs(t.app, 'essayDetails', { body: { id } }, token);
const latestIds = async () => (await callAs(t.app, 'essaysPage', { body: { pageSize: 50 } })).data.list.map((e) => e.id);
const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
const lastAudit = async () => (await adminCall('GET', '/api/v1/admin/audit/page?pageSize=1')).data.list[0];
const systemMessages = async (token: string) => (await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, token)).data.list;

describe('authorization', () => {
  const adminCalls = callList.filter((c) => c.auth === 'admin');

  it('declares every /api/v1/admin call admin-only', () => {
    expect(adminCalls.length).toBeGreaterThanOrEqual(33);
    for (const c of callList) if (c.path.startsWith('/api/v1/admin/')) expect(c.auth, c.id).toBe('admin');
  });

  it.each(adminCalls.map((c) => [c.id, c] as const))(
    '%s: no token → A0230, a signed-in user → A0301 and nothing changes',
    async (_id, c) => {
      const user = await signUp(t.app);
      const url = fillPath(c.path, { id: 1 });
      const before = await auditCount();
      const [theme] = await t.database.db.select().from(themes);
      const anonymous = await call(t.app, { method: c.method, url, payload: c.method === 'GET' ? undefined : {} });
      expect([anonymous.status, anonymous.code]).toEqual([401, 'A0230']);
      const asUser = await call(t.app, {
        method: c.method,
        url,
        token: user.token,
        payload: c.method === 'GET' ? undefined : { action: 'approve', reason: 'x', role: 'admin', grey: 1, color: '#000000' },
      });
      expect([asUser.status, asUser.code]).toEqual([403, 'A0301']);
      expect(await auditCount()).toBe(before);
      expect((await t.database.db.select().from(themes))[0]).toEqual(theme);
      const [me] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.user.id));
      expect(me!.role).toBe('user');
    },
  );

  it.each(adminCalls.filter((c) => c.params).map((c) => [c.id, c] as const))('%s: a bad id → A0400 naming it', async (_id, c) => {
    const r = await adminCall(c.method, fillPath(c.path, { id: 'abc' }), c.method === 'GET' ? undefined : {});
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('id');
  });

  it('answers bad bodies and queries with A0400 naming the field, never a 500', async () => {
    const cases: [Parameters<typeof adminCall>[0], string, object | undefined, string][] = [
      ['GET', '/api/v1/admin/dashboard?days=0', undefined, 'days'],
      ['GET', '/api/v1/admin/essays/page?status=gone', undefined, 'status'],
      ['POST', '/api/v1/admin/essays/1/review', { action: 'reject' }, 'reason'],
      ['POST', '/api/v1/admin/essays/1/hide', { reason: '' }, 'reason'],
      ['PUT', '/api/v1/admin/theme', { backgroundImg: '', color: 'red', activeMenu: '#000000', grey: 0 }, 'color'],
      ['PUT', '/api/v1/admin/theme', { backgroundImg: '', color: '#000000', activeMenu: '#000000', grey: 2 }, 'grey'],
      ['POST', '/api/v1/admin/users/1/ban', { reason: '', until: null }, 'reason'],
      ['POST', '/api/v1/admin/users/1/ban', { reason: '刷屏', until: 'tomorrow' }, 'until'],
      ['PUT', '/api/v1/admin/users/1/role', { role: 'root' }, 'role'],
      ['POST', '/api/v1/admin/ads', { title: '广告', image: 'javascript:alert(1)', link: '/x', position: 5 }, 'image'],
      ['POST', '/api/v1/admin/classifications', { name: '' }, 'name'],
      ['POST', '/api/v1/admin/tags/1/merge', {}, 'intoId'],
      ['PUT', '/api/v1/admin/bestWeek', { week: '2026-47', entries: [] }, 'week'],
      ['GET', '/api/v1/admin/audit/page?from=yesterday', undefined, 'from'],
      ['POST', '/api/v1/admin/reports/1/resolve', { action: 'nuke' }, 'action'],
      ['GET', '/api/v1/admin/essays/page?sortField=password&sortOrder=ascend', undefined, 'sortField'],
      ['GET', '/api/v1/admin/users/page?sortField=createdAt&sortOrder=up', undefined, 'sortOrder'],
    ];
    for (const [method, url, payload, field] of cases) {
      const r = await adminCall(method, url, payload);
      expect([url, r.code]).toEqual([url, 'A0400']);
      expect(r.msg, url).toContain(field);
    }
  });
});

describe('sorting console tables', () => {
  it('sorts texts, users, ads and the audit log by the asked column both ways, the default order otherwise', async () => {
    const author = await signUp(t.app);
    const ids: number[] = [];
    for (const [i, views] of [7, 3, 11].entries()) {
      const r = await write(author.token, `排序用的第${i + 1}句，清风明月不用一钱买`);
      ids.push(r.data.id);
      await t.database.db.execute(sql`update essays set views = ${views} where id = ${r.data.id}`);
    }
    const essaysBy = async (order: string) =>
      (await adminCall('GET', `/api/v1/admin/essays/page?authorId=${author.user.id}${order}`)).data.list.map((e: any) => e.id);
    expect(await essaysBy('&sortField=views&sortOrder=descend')).toEqual([ids[2], ids[0], ids[1]]);
    expect(await essaysBy('&sortField=views&sortOrder=ascend')).toEqual([ids[1], ids[0], ids[2]]);
    // Without a sort: newest first.
    expect(await essaysBy('')).toEqual([ids[2], ids[1], ids[0]]);
    // A field alone (no direction) keeps the default order.
    expect(await essaysBy('&sortField=views')).toEqual([ids[2], ids[1], ids[0]]);

    const users = (await adminCall('GET', '/api/v1/admin/users/page?sortField=essayCount&sortOrder=descend&pageSize=100')).data.list;
    const counts = users.map((u: any) => u.essayCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(counts[0]).toBeGreaterThanOrEqual(3);

    await adminCall('POST', `/api/v1/admin/essays/${ids[0]}/hide`, { reason: '排序测试' });
    await adminCall('POST', `/api/v1/admin/essays/${ids[0]}/restore`);
    const audit = async (o: string) =>
      (await adminCall('GET', `/api/v1/admin/audit/page?sortField=createdAt&sortOrder=${o}&pageSize=100`)).data.list.map((a: any) => a.id);
    const newest = await audit('descend');
    expect(newest.length).toBeGreaterThan(1);
    expect(await audit('ascend')).toEqual([...newest].reverse());

    const ads = (await adminCall('GET', '/api/v1/admin/ads/page?sortField=ctr&sortOrder=descend')).data.list.map((a: any) => a.ctr);
    expect(ads).toEqual([...ads].sort((a: number, b: number) => b - a));
  });
});

describe('review of pending texts', () => {
  it('shows the matched words, approves into the lists and tells the author', async () => {
    const author = await signUp(t.app);
    const w = await write(author.token, '这里有赌博网站的广告词');
    expect(w.data.status).toBe('pending');
    expect(w.data.notice).toContain('审核');
    expect(await latestIds()).not.toContain(w.data.id);
    const queue = await adminCall('GET', '/api/v1/admin/essays/page?status=pending');
    const row = queue.data.list.find((e: any) => e.id === w.data.id);
    expect(row).toMatchObject({ status: 'pending', sensitiveWords: ['赌博网站'], author: { id: author.user.id, status: 'active' } });

    const before = await auditCount();
    const ok = await adminCall('POST', `/api/v1/admin/essays/${w.data.id}/review`, { action: 'approve' });
    expect(ok.data.status).toBe('published');
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'essay.approve',
      targetType: 'essay',
      targetId: String(w.data.id),
      admin: { id: admin.user.id },
    });
    expect(await latestIds()).toContain(w.data.id);
    const [cls] = await t.database.db.select().from(classifications).where(eq(classifications.id, tx.meiju.id));
    expect(cls!.essayCount).toBeGreaterThanOrEqual(1);
    const msgs = await systemMessages(author.token);
    expect(msgs[0]!.content).toContain('已通过审核');
    expect(msgs[0]!.essay!.id).toBe(w.data.id);
    // Reviewing twice is refused and changes nothing.
    expect((await adminCall('POST', `/api/v1/admin/essays/${w.data.id}/review`, { action: 'approve' })).code).toBe('A0400');
  });

  it('rejects with a reason the author sees in their space', async () => {
    const author = await signUp(t.app);
    const w = await write(author.token, '代开发票请联系');
    const r = await adminCall('POST', `/api/v1/admin/essays/${w.data.id}/review`, { action: 'reject', reason: '含广告信息' });
    expect(r.data).toMatchObject({ status: 'rejected', statusReason: '含广告信息' });
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/app/essay/page', token: author.token });
    expect(mine.data.list[0]).toMatchObject({ id: w.data.id, status: 'rejected', statusReason: '含广告信息' });
    expect((await systemMessages(author.token))[0]!.content).toContain('含广告信息');
    expect((await details(w.data.id)).code).toBe('A0404');
    expect((await adminCall('POST', '/api/v1/admin/essays/999999/review', { action: 'approve' })).code).toBe('A0404');
  });
});

describe('hide and restore', () => {
  it('takes a text off every public list, keeps counts exact, and brings it back', async () => {
    const author = await signUp(t.app);
    const fan = await signUp(t.app);
    const w = await write(author.token, '孤舟蓑笠翁独钓寒江雪之隐藏测试');
    const id = w.data.id as number;
    await call(t.app, { method: 'POST', url: '/api/v1/app/essay/beLike', token: fan.token, payload: { essayId: id } });
    // Enough established readers' likes to qualify for the ranked lists (a new account's like weighs nothing).
    await likedByEstablished(t, id, RANK_MIN_LIKES);
    const likes = 1 + RANK_MIN_LIKES;
    const week = '2026-W01';
    expect((await adminCall('PUT', '/api/v1/admin/bestWeek', { week, entries: [{ essayId: id, note: '编辑寄语' }] })).code).toBe('00000');
    const counts = async () => {
      const [u] = await t.database.db.select({ n: users.essayCount }).from(users).where(eq(users.id, author.user.id));
      const [c] = await t.database.db
        .select({ n: classifications.essayCount })
        .from(classifications)
        .where(eq(classifications.id, tx.meiju.id));
      return { author: u!.n, cls: c!.n };
    };
    const before = await counts();
    const inRanking = async () =>
      (
        await call(t.app, { method: 'POST', url: '/api/v1/es/essays/ranking/page', payload: { period: 'all', pageSize: 50 } })
      ).data.list.some((e: any) => e.id === id);
    const inSearch = async () =>
      (await call(t.app, { method: 'GET', url: `/api/v1/pc/search?q=${encodeURIComponent('隐藏测试')}` })).data.list.some(
        (e: any) => e.id === id,
      );
    const inBestWeek = async () =>
      (await call(t.app, { method: 'GET', url: `/api/v1/pc/essays/bestWeek?week=${week}` })).data.list.some((e: any) => e.id === id);
    await refreshRankings(t.database.db, t.app.runtime.broadcast, ['all']);
    expect([await inRanking(), await inSearch(), await inBestWeek()]).toEqual([true, true, true]);
    const rankingTotal = async () =>
      (await call(t.app, { method: 'POST', url: '/api/v1/es/essays/ranking/page', payload: { period: 'all', pageSize: 1 } })).data.total;
    const entries = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ranking_entries where essay_id = ${id}`)).rows[0]!.n;
    const totalBefore = await rankingTotal();
    expect(await entries()).toBeGreaterThan(0);

    const hidden = await adminCall('POST', `/api/v1/admin/essays/${id}/hide`, { reason: '抄袭' });
    expect(hidden.data).toMatchObject({ status: 'hidden', statusReason: '抄袭', likes });
    expect(await lastAudit()).toMatchObject({ action: 'essay.hide', summary: { reason: '抄袭' } });
    expect((await details(id)).code).toBe('A0404');
    expect((await details(id, fan.token)).code).toBe('A0404');
    expect(await latestIds()).not.toContain(id);
    expect([await inRanking(), await inSearch(), await inBestWeek()]).toEqual([false, false, false]);
    // It left the precomputed lists at once (a trigger), so their totals drop before the next refresh.
    expect(await entries()).toBe(0);
    expect(await rankingTotal()).toBe(totalBefore - 1);
    expect(await counts()).toEqual({ author: before.author - 1, cls: before.cls - 1 });
    // The author still sees it, marked, with the reason — and cannot put it back.
    const own = await details(id, author.token);
    expect(own.data).toMatchObject({ status: 'hidden', statusReason: '抄袭' });
    const edit = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/app/essay/${id}`,
      token: author.token,
      payload: { type: 'sentence', content: '改一改再发', classificationId: tx.meiju.id, status: 'publish' },
    });
    expect(edit.code).toBe('A0400');
    expect((await call(t.app, { method: 'POST', url: `/api/v1/app/essay/${id}/withdraw`, token: author.token })).code).toBe('A0400');
    expect((await systemMessages(author.token))[0]!.content).toContain('抄袭');
    expect((await adminCall('POST', `/api/v1/admin/essays/${id}/hide`, { reason: '再藏' })).code).toBe('A0400');

    const back = await adminCall('POST', `/api/v1/admin/essays/${id}/restore`);
    expect(back.data).toMatchObject({ status: 'published', statusReason: null, likes });
    expect((await details(id)).data.likes).toBe(likes);
    expect(await latestIds()).toContain(id);
    expect(await counts()).toEqual(before);
    expect((await adminCall('POST', `/api/v1/admin/essays/${id}/restore`)).code).toBe('A0400');
  });
});

describe('content lifecycle', () => {
  it('keeps an edited published text public, sends it back to review on a sensitive word, and withdraws only on request', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const w = await write(author.token, '春江潮水连海平');
    const id = w.data.id as number;
    const comment = await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: reader.token,
      payload: { essayId: id, content: '好句' },
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: author.token,
      payload: { essayId: id, content: '谢谢', parentId: comment.data.id },
    });
    const save = (content: string, status: 'draft' | 'publish') =>
      call(t.app, {
        method: 'PUT',
        url: `/api/v1/app/essay/${id}`,
        token: author.token,
        payload: { type: 'sentence', content, classificationId: tx.meiju.id, status },
      });
    // An old client's 保存草稿 on a published text is an update, never a silent unpublish.
    const saved = await save('春江潮水连海平，海上明月共潮生', 'draft');
    expect(saved.data).toMatchObject({ status: 'published', notice: null });
    expect((await details(id)).data).toMatchObject({ content: '春江潮水连海平，海上明月共潮生', comments: 2 });

    const sensitive = await save('春江潮水连海平 办证刻章', 'publish');
    expect(sensitive.data.status).toBe('pending');
    expect(sensitive.data.notice).toContain('审核');
    expect((await details(id)).code).toBe('A0404');
    const children = await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/children/page?rootId=${comment.data.id}` });
    expect(children.code).toBe('A0404');
    // The commenter's notification no longer shows the text that left the site.
    const reply = (await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=reply', token: reader.token })).data
      .list[0];
    expect(reply.essay).toBeNull();

    await save('春江潮水连海平', 'publish');
    expect((await details(id)).data.status).toBe('published');
    const withdrawn = await call(t.app, { method: 'POST', url: `/api/v1/app/essay/${id}/withdraw`, token: author.token });
    expect(withdrawn.data.status).toBe('draft');
    expect((await details(id)).code).toBe('A0404');
    expect((await call(t.app, { method: 'POST', url: `/api/v1/app/essay/${id}/withdraw`, token: reader.token })).code).toBe('A0301');
  });

  it('refuses comments, nicknames and bios with a listed word, naming the field', async () => {
    const u = await signUp(t.app);
    const w = await write(u.token, '床前明月光');
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: u.token,
      payload: { essayId: w.data.id, content: '枪支出售' },
    });
    expect([c.code, c.msg.includes('content')]).toEqual(['A0400', true]);
    const nick = await call(t.app, { method: 'PUT', url: '/api/v1/users/me', token: u.token, payload: { nickname: '办证刻章' } });
    expect([nick.code, nick.msg.includes('nickname')]).toEqual(['A0400', true]);
    const bio = await call(t.app, { method: 'PUT', url: '/api/v1/users/me', token: u.token, payload: { bio: '专业代开发票' } });
    expect([bio.code, bio.msg.includes('bio')]).toEqual(['A0400', true]);
    expect((await call(t.app, { method: 'PUT', url: '/api/v1/users/me', token: u.token, payload: { bio: '爱读诗' } })).data.bio).toBe(
      '爱读诗',
    );
  });
});

describe('users', () => {
  it('bans: sessions revoked, sign-in refused naming the end, texts and comments hidden; unban brings them back', async () => {
    const bad = await signUp(t.app);
    const other = await signUp(t.app);
    const host = await write(other.token, '白日依山尽');
    const mine = await write(bad.token, '黄河入海流之封禁测试');
    const waiting = await write(bad.token, '赌博网站之封禁测试');
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: bad.token,
      payload: { essayId: host.data.id, content: '刷屏刷屏' },
    });
    expect((await details(host.data.id)).data.comments).toBe(1);

    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const r = await adminCall('POST', `/api/v1/admin/users/${bad.user.id}/ban`, { reason: '发布垃圾广告', until });
    expect(r.data).toMatchObject({ status: 'banned', banReason: '发布垃圾广告', bannedUntil: until });
    expect(await lastAudit()).toMatchObject({
      action: 'user.ban',
      targetType: 'user',
      summary: { reason: '发布垃圾广告', essays: 1, comments: 1 },
    });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', token: bad.token })).code).toBe('A0230');
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: bad.username, password: bad.password },
      remoteAddress: '10.9.9.9',
    });
    const day = new Date(Date.parse(until) + 8 * 3600 * 1000).toISOString().slice(0, 10);
    expect([login.status, login.code]).toEqual([403, 'A0220']);
    expect(login.msg).toContain(day);
    expect(login.msg).toContain('发布垃圾广告');
    expect((await details(mine.data.id)).code).toBe('A0404');
    expect(await latestIds()).not.toContain(mine.data.id);
    const comments = await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/page?essayId=${host.data.id}` });
    expect(comments.data.total).toBe(0);
    expect((await details(host.data.id)).data.comments).toBe(0);
    // Nothing of theirs goes on the site while the ban lasts.
    expect((await adminCall('POST', `/api/v1/admin/essays/${waiting.data.id}/review`, { action: 'approve' })).code).toBe('A0400');
    expect((await adminCall('POST', `/api/v1/admin/essays/${mine.data.id}/restore`)).code).toBe('A0400');
    const listed = await adminCall('GET', '/api/v1/admin/users/page?status=banned');
    expect(listed.data.list.map((u: any) => u.id)).toContain(bad.user.id);

    await adminCall('POST', `/api/v1/admin/users/${bad.user.id}/unban`);
    expect((await details(mine.data.id)).data.status).toBe('published');
    expect((await details(host.data.id)).data.comments).toBe(1);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: bad.username, password: bad.password },
      remoteAddress: '10.9.9.9',
    });
    expect(again.code).toBe('00000');
    expect((await adminCall('POST', `/api/v1/admin/users/${bad.user.id}/unban`)).code).toBe('A0400');
  });

  it('lifts an expired ban at the next sign-in', async () => {
    const u = await signUp(t.app);
    await adminCall('POST', `/api/v1/admin/users/${u.user.id}/ban`, {
      reason: '冷静一下',
      until: new Date(Date.now() + 3600_000).toISOString(),
    });
    await t.database.db
      .update(users)
      .set({ bannedUntil: sql`now() - interval '1 minute'` as any })
      .where(eq(users.id, u.user.id));
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: u.username, password: u.password },
      remoteAddress: '10.9.9.8',
    });
    expect(login.code).toBe('00000');
  });

  it('never lets an admin ban or demote themself or the last admin', async () => {
    expect((await adminCall('POST', `/api/v1/admin/users/${admin.user.id}/ban`, { reason: '自我封禁' })).code).toBe('A0400');
    const self = await adminCall('PUT', `/api/v1/admin/users/${admin.user.id}/role`, { role: 'user' });
    expect([self.code, self.msg.includes('自己')]).toEqual(['A0400', true]);
    const second = await makeAdmin(t);
    // With two admins, one may demote the other — but then the remaining one is the last.
    expect((await adminCall('PUT', `/api/v1/admin/users/${second.user.id}/role`, { role: 'user' })).data.role).toBe('user');
    const promoted = await adminCall('PUT', `/api/v1/admin/users/${second.user.id}/role`, { role: 'admin' });
    expect(promoted.data.role).toBe('admin');
    expect(await lastAudit()).toMatchObject({ action: 'user.role', summary: { role: 'admin' } });
    const asSecond = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${admin.user.id}/role`,
      token: second.token,
      payload: { role: 'user' },
    });
    expect(asSecond.data.role).toBe('user');
    const last = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${second.user.id}/ban`,
      token: second.token,
      payload: { reason: 'x' },
    });
    expect(last.code).toBe('A0400');
    // Restore the first admin for the rest of the file.
    await call(t.app, { method: 'PUT', url: `/api/v1/admin/users/${admin.user.id}/role`, token: second.token, payload: { role: 'admin' } });
    expect((await adminCall('PUT', `/api/v1/admin/users/999999/role`, { role: 'admin' })).code).toBe('A0404');
  });
});

describe('reports', () => {
  it('files one open report per user and target, queues them grouped, and resolves by deleting the comment', async () => {
    const author = await signUp(t.app);
    const troll = await signUp(t.app);
    const [r1, r2] = [await signUp(t.app), await signUp(t.app)];
    const w = await write(author.token, '举报测试之句');
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: troll.token,
      payload: { essayId: w.data.id, content: '难听的话' },
    });
    const report = (token: string, payload: object) => call(t.app, { method: 'POST', url: '/api/v1/pc/reports', token, payload });
    const first = await report(r1.token, { targetType: 'comment', targetId: c.data.id, reason: '人身攻击', detail: '骂人' });
    expect(first.data.status).toBe('open');
    expect((await report(r1.token, { targetType: 'comment', targetId: c.data.id, reason: '其他' })).code).toBe('A0400');
    expect((await report(r2.token, { targetType: 'comment', targetId: c.data.id, reason: '人身攻击' })).code).toBe('00000');
    expect((await report(r2.token, { targetType: 'comment', targetId: 999999, reason: '其他' })).code).toBe('A0404');
    expect((await report(r2.token, { targetType: 'essay', targetId: w.data.id, reason: '随便' })).code).toBe('A0400');
    expect((await report(troll.token, { targetType: 'user', targetId: troll.user.id, reason: '其他' })).code).toBe('A0400');
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/pc/reports', payload: { targetType: 'user', targetId: 1, reason: '其他' } })).code,
    ).toBe('A0230');

    const queue = await adminCall('GET', '/api/v1/admin/reports/page?status=open');
    const group = queue.data.list.find((g: any) => g.targetType === 'comment' && g.targetId === c.data.id);
    expect(group).toMatchObject({
      count: 2,
      status: 'open',
      reasons: [{ reason: '人身攻击', count: 2 }],
      target: { excerpt: '难听的话', owner: { id: troll.user.id } },
    });
    expect(group.reports.map((x: any) => x.reporter.id).sort()).toEqual([r1.user.id, r2.user.id].sort());
    const dashboard = await adminCall('GET', '/api/v1/admin/dashboard?days=7');
    expect(dashboard.data.today.openReports).toBeGreaterThanOrEqual(2);

    const done = await adminCall('POST', `/api/v1/admin/reports/${group.id}/resolve`, { action: 'delete', note: '辱骂' });
    expect(done.data).toMatchObject({ status: 'resolved', count: 2, resolution: '辱骂', resolvedBy: { id: admin.user.id } });
    expect(await lastAudit()).toMatchObject({ action: 'report.delete', targetType: 'comment', summary: { reports: 2 } });
    // Both reporters hear that it was dealt with, not what became of the troll or the editor's note.
    for (const reporter of [r1, r2]) {
      const [told] = await systemMessages(reporter.token);
      expect(told!.content).toBe('你举报的评论（人身攻击）已处理，感谢你帮助维护拾句。');
    }
    expect(await systemMessages(troll.token)).toEqual([]);
    const comments = await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/page?essayId=${w.data.id}` });
    expect(comments.data.total).toBe(0);
    expect((await details(w.data.id)).data.comments).toBe(0);
    // The author's notification no longer quotes the removed comment.
    const notified = await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=comment', token: author.token });
    expect(notified.data.list[0].content).not.toContain('难听的话');
    expect((await adminCall('POST', `/api/v1/admin/reports/${group.id}/resolve`, { action: 'dismiss' })).code).toBe('A0400');
    const openAfter = await adminCall('GET', '/api/v1/admin/reports/page?status=open');
    expect(openAfter.data.list.some((g: any) => g.targetId === c.data.id && g.targetType === 'comment')).toBe(false);
    // A report may be filed again once the earlier one is closed.
    expect((await report(r1.token, { targetType: 'user', targetId: troll.user.id, reason: '其他' })).code).toBe('00000');
  });

  it('resolves by banning the author of a reported text, and dismisses without touching the target', async () => {
    const spammer = await signUp(t.app);
    const reader = await signUp(t.app);
    const w = await write(spammer.token, '天天好心情之举报');
    const w2 = await write(spammer.token, '另一条无害的句子');
    const dismissMe = await call(t.app, {
      method: 'POST',
      url: '/api/v1/pc/reports',
      token: reader.token,
      payload: { targetType: 'essay', targetId: w2.data.id, reason: '其他' },
    });
    const dismissed = await adminCall('POST', `/api/v1/admin/reports/${dismissMe.data.id}/resolve`, { action: 'dismiss' });
    expect(dismissed.data.status).toBe('dismissed');
    expect((await details(w2.data.id)).data.status).toBe('published');
    const rep = await call(t.app, {
      method: 'POST',
      url: '/api/v1/pc/reports',
      token: reader.token,
      payload: { targetType: 'essay', targetId: w.data.id, reason: '垃圾广告' },
    });
    const r = await adminCall('POST', `/api/v1/admin/reports/${rep.data.id}/resolve`, { action: 'ban', note: '封禁广告号' });
    expect(r.data.status).toBe('resolved');
    // The reporter hears of both outcomes, newest first, and never of the ban.
    const told = (await systemMessages(reader.token)).map((m) => m.content);
    expect(told).toEqual([
      '你举报的作品（垃圾广告）已处理，感谢你帮助维护拾句。',
      '你举报的作品（其他）经编辑核查，未发现违反社区规则的情况。感谢你的反馈。',
    ]);
    expect(told.join('')).not.toContain('封禁');
    expect((await details(w.data.id)).code).toBe('A0404');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', token: spammer.token })).code).toBe('A0230');
  });

  it('resolves by hiding or deleting a reported text, telling its author why', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const report = async (id: number) =>
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/pc/reports',
          token: reader.token,
          payload: { targetType: 'essay', targetId: id, reason: '抄袭侵权' },
        })
      ).data.id;
    const a = await write(author.token, '被举报隐藏的句子');
    const b = await write(author.token, '被举报删除的句子');
    await adminCall('POST', `/api/v1/admin/reports/${await report(a.data.id)}/resolve`, { action: 'hide' });
    expect((await details(a.data.id)).code).toBe('A0404');
    expect((await details(a.data.id, author.token)).data).toMatchObject({ status: 'hidden', statusReason: '被举报：抄袭侵权' });
    await adminCall('POST', `/api/v1/admin/reports/${await report(b.data.id)}/resolve`, { action: 'delete', note: '确认抄袭' });
    expect((await details(b.data.id, author.token)).code).toBe('A0404');
    const told = await systemMessages(author.token);
    expect(told[0]).toMatchObject({ essay: null });
    expect(told[0]!.content).toContain('确认抄袭');
    const [u] = await t.database.db.select({ n: users.essayCount }).from(users).where(eq(users.id, author.user.id));
    expect(u!.n).toBe(0);
  });

  it('limits bursts of reports, also when they arrive all at once', async () => {
    const reporter = await signUp(t.app);
    const targets = await Promise.all(Array.from({ length: 8 }, () => signUp(t.app)));
    const codes = await Promise.all(
      targets.map(
        async (target) =>
          (
            await call(t.app, {
              method: 'POST',
              url: '/api/v1/pc/reports',
              token: reporter.token,
              payload: { targetType: 'user', targetId: target.user.id, reason: '其他' },
            })
          ).code,
      ),
    );
    // Counted and checked atomically: exactly the burst passes, however the requests interleave.
    expect(codes.filter((c) => c === '00000')).toHaveLength(5);
    expect(codes.filter((c) => c === 'A0501')).toHaveLength(3);
  });
});
