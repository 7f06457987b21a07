/**
 * The editor's console, seen from outside: who may call it, what bad input answers, the audit row
 * every write leaves, and the effect each action has on what readers see through the public calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { calls, type CallId, type CallInput } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext, type UncheckedParts } from './helper.js';
import { RANK_MIN_LIKES } from '@shiju/contract/core';
import { likedByEstablished, makeAdmin, publishText } from './factories.js';
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

/** A sentence under 美句 tagged 唐诗, published through the shared factory: the form the call answers with. */
const write = (author: { token: string }, content: string) =>
  publishText(t.app, author, { content, classificationId: tx.meiju.id, tagIds: [tx.tangshi.id] });
const details = (id: number, token?: string) => callAs(t.app, 'essayDetails', { body: { id } }, token);
const latestIds = async () => (await callAs(t.app, 'essaysPage', { body: { pageSize: 50 } })).data.list.map((e) => e.id);
const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
const lastAudit = async () => (await callAs(t.app, 'adminAuditPage', { query: { pageSize: 1 } }, admin.token)).data.list[0];
const systemMessages = async (token: string) => (await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, token)).data.list;

describe('authorization', () => {
  const adminIds = (Object.keys(calls) as CallId[]).filter((id) => calls[id].auth === 'admin');

  it('declares every /api/v1/admin call admin-only', () => {
    expect(adminIds.length).toBeGreaterThanOrEqual(33);
    for (const [id, c] of Object.entries(calls)) if (c.path.startsWith('/api/v1/admin/')) expect(c.auth, id).toBe('admin');
  });

  // Every admin call with the same made-up parts, whatever each declares: what matters is who may call.
  it.each(adminIds)('%s: no token → A0230, a signed-in user → A0301 and nothing changes', async (id) => {
    const user = await signUp(t.app);
    const get = calls[id].method === 'GET';
    const before = await auditCount();
    const [theme] = await t.database.db.select().from(themes);
    const anonymous = await callUnchecked(t.app, id, { params: { id: 1 }, body: get ? undefined : {} });
    expect([anonymous.status, anonymous.code]).toEqual([401, 'A0230']);
    const asUser = await callUnchecked(
      t.app,
      id,
      { params: { id: 1 }, body: get ? undefined : { action: 'approve', reason: 'x', role: 'admin', grey: 1, color: '#000000' } },
      user.token,
    );
    expect([asUser.status, asUser.code]).toEqual([403, 'A0301']);
    expect(await auditCount()).toBe(before);
    expect((await t.database.db.select().from(themes))[0]).toEqual(theme);
    const [me] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.user.id));
    expect(me!.role).toBe('user');
  });

  it.each(adminIds.filter((id) => calls[id].params))('%s: a bad id → A0400 naming it', async (id) => {
    const get = calls[id].method === 'GET';
    const r = await callUnchecked(t.app, id, { params: { id: 'abc' }, body: get ? undefined : {} }, admin.token);
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('id');
  });

  it('answers bad bodies and queries with A0400 naming the field, never a 500', async () => {
    const one = { id: 1 };
    const cases: [CallId, UncheckedParts, string][] = [
      ['adminDashboard', { query: { days: 0 } }, 'days'],
      ['adminEssaysPage', { query: { status: 'gone' } }, 'status'],
      ['adminReviewEssay', { params: one, body: { action: 'reject' } }, 'reason'],
      ['adminHideEssay', { params: one, body: { reason: '' } }, 'reason'],
      ['adminUpdateTheme', { body: { backgroundImg: '', color: 'red', activeMenu: '#000000', grey: 0 } }, 'color'],
      ['adminUpdateTheme', { body: { backgroundImg: '', color: '#000000', activeMenu: '#000000', grey: 2 } }, 'grey'],
      ['adminBanUser', { params: one, body: { reason: '', until: null } }, 'reason'],
      ['adminBanUser', { params: one, body: { reason: '刷屏', until: 'tomorrow' } }, 'until'],
      ['adminSetRole', { params: one, body: { role: 'root' } }, 'role'],
      ['adminCreateAd', { body: { title: '广告', image: 'javascript:alert(1)', link: '/x', position: 5 } }, 'image'],
      ['adminCreateClassification', { body: { name: '' } }, 'name'],
      ['adminMergeTag', { params: one, body: {} }, 'intoId'],
      ['adminUpdateBestWeek', { body: { week: '2026-47', entries: [] } }, 'week'],
      ['adminAuditPage', { query: { from: 'yesterday' } }, 'from'],
      ['adminResolveReport', { params: one, body: { action: 'nuke' } }, 'action'],
      ['adminEssaysPage', { query: { sortField: 'password', sortOrder: 'ascend' } }, 'sortField'],
      ['adminUsersPage', { query: { sortField: 'createdAt', sortOrder: 'up' } }, 'sortOrder'],
    ];
    for (const [id, parts, field] of cases) {
      const r = await callUnchecked(t.app, id, parts, admin.token);
      expect([id, r.code]).toEqual([id, 'A0400']);
      expect(r.msg, id).toContain(field);
    }
  });
});

describe('sorting console tables', () => {
  it('sorts texts, users, ads and the audit log by the asked column both ways, the default order otherwise', async () => {
    const author = await signUp(t.app);
    const ids: number[] = [];
    for (const [i, views] of [7, 3, 11].entries()) {
      const r = await write(author, `排序用的第${i + 1}句，清风明月不用一钱买`);
      ids.push(r.id);
      await t.database.db.execute(sql`update essays set views = ${views} where id = ${r.id}`);
    }
    const essaysBy = async (sort: Pick<CallInput<'adminEssaysPage'>['query'], 'sortField' | 'sortOrder'>) =>
      (await callAs(t.app, 'adminEssaysPage', { query: { authorId: author.user.id, ...sort } }, admin.token)).data.list.map((e) => e.id);
    expect(await essaysBy({ sortField: 'views', sortOrder: 'descend' })).toEqual([ids[2], ids[0], ids[1]]);
    expect(await essaysBy({ sortField: 'views', sortOrder: 'ascend' })).toEqual([ids[1], ids[0], ids[2]]);
    // Without a sort: newest first.
    expect(await essaysBy({})).toEqual([ids[2], ids[1], ids[0]]);
    // A field alone (no direction) keeps the default order.
    expect(await essaysBy({ sortField: 'views' })).toEqual([ids[2], ids[1], ids[0]]);

    const users = (
      await callAs(t.app, 'adminUsersPage', { query: { sortField: 'essayCount', sortOrder: 'descend', pageSize: 100 } }, admin.token)
    ).data.list;
    const counts = users.map((u) => u.essayCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(counts[0]).toBeGreaterThanOrEqual(3);

    await callAs(t.app, 'adminHideEssay', { params: { id: ids[0] }, body: { reason: '排序测试' } }, admin.token);
    await callAs(t.app, 'adminRestoreEssay', { params: { id: ids[0] } }, admin.token);
    const audit = async (o: 'ascend' | 'descend') =>
      (
        await callAs(t.app, 'adminAuditPage', { query: { sortField: 'createdAt', sortOrder: o, pageSize: 100 } }, admin.token)
      ).data.list.map((a) => a.id);
    const newest = await audit('descend');
    expect(newest.length).toBeGreaterThan(1);
    expect(await audit('ascend')).toEqual([...newest].reverse());

    const ads = (await callAs(t.app, 'adminAdsPage', { query: { sortField: 'ctr', sortOrder: 'descend' } }, admin.token)).data.list.map(
      (a) => a.ctr,
    );
    expect(ads).toEqual([...ads].sort((a: number, b: number) => b - a));
  });
});

describe('review of pending texts', () => {
  it('shows the matched words, approves into the lists and tells the author', async () => {
    const author = await signUp(t.app);
    const w = await write(author, '这里有赌博网站的广告词');
    expect(w.status).toBe('pending');
    expect(w.notice).toContain('审核');
    expect(await latestIds()).not.toContain(w.id);
    const queue = await callAs(t.app, 'adminEssaysPage', { query: { status: 'pending' } }, admin.token);
    const row = queue.data.list.find((e) => e.id === w.id);
    expect(row).toMatchObject({ status: 'pending', sensitiveWords: ['赌博网站'], author: { id: author.user.id, status: 'active' } });

    const before = await auditCount();
    const ok = await callAs(t.app, 'adminReviewEssay', { params: { id: w.id }, body: { action: 'approve' } }, admin.token);
    expect(ok.data.status).toBe('published');
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'essay.approve',
      targetType: 'essay',
      targetId: String(w.id),
      admin: { id: admin.user.id },
    });
    expect(await latestIds()).toContain(w.id);
    const [cls] = await t.database.db.select().from(classifications).where(eq(classifications.id, tx.meiju.id));
    expect(cls!.essayCount).toBeGreaterThanOrEqual(1);
    const msgs = await systemMessages(author.token);
    expect(msgs[0]!.content).toContain('已通过审核');
    expect(msgs[0]!.essay!.id).toBe(w.id);
    // Reviewing twice is refused and changes nothing.
    expect((await callAs(t.app, 'adminReviewEssay', { params: { id: w.id }, body: { action: 'approve' } }, admin.token)).code).toBe(
      'A0400',
    );
  });

  it('rejects with a reason the author sees in their space', async () => {
    const author = await signUp(t.app);
    const w = await write(author, '代开发票请联系');
    const r = await callAs(
      t.app,
      'adminReviewEssay',
      { params: { id: w.id }, body: { action: 'reject', reason: '含广告信息' } },
      admin.token,
    );
    expect(r.data).toMatchObject({ status: 'rejected', statusReason: '含广告信息' });
    const mine = await callAs(t.app, 'myEssays', {}, author.token);
    expect(mine.data.list[0]).toMatchObject({ id: w.id, status: 'rejected', statusReason: '含广告信息' });
    expect((await systemMessages(author.token))[0]!.content).toContain('含广告信息');
    expect((await details(w.id)).code).toBe('A0404');
    expect((await callAs(t.app, 'adminReviewEssay', { params: { id: 999999 }, body: { action: 'approve' } }, admin.token)).code).toBe(
      'A0404',
    );
  });
});

describe('hide and restore', () => {
  it('takes a text off every public list, keeps counts exact, and brings it back', async () => {
    const author = await signUp(t.app);
    const fan = await signUp(t.app);
    const w = await write(author, '孤舟蓑笠翁独钓寒江雪之隐藏测试');
    const id = w.id;
    await callAs(t.app, 'like', { body: { essayId: id } }, fan.token);
    // Enough established readers' likes to qualify for the ranked lists (a new account's like weighs nothing).
    await likedByEstablished(t, id, RANK_MIN_LIKES);
    const likes = 1 + RANK_MIN_LIKES;
    const week = '2026-W01';
    expect(
      (await callAs(t.app, 'adminUpdateBestWeek', { body: { week, entries: [{ essayId: id, note: '编辑寄语' }] } }, admin.token)).code,
    ).toBe('00000');
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
      (await callAs(t.app, 'ranking', { body: { period: 'all', pageSize: 50 } })).data.list.some((e) => e.id === id);
    const inSearch = async () => (await callAs(t.app, 'search', { query: { q: '隐藏测试' } })).data.list.some((e) => e.id === id);
    const inBestWeek = async () => (await callAs(t.app, 'bestWeek', { query: { week } })).data.list.some((e) => e.id === id);
    await refreshRankings(t.database.db, t.app.runtime.broadcast, ['all']);
    expect([await inRanking(), await inSearch(), await inBestWeek()]).toEqual([true, true, true]);
    const rankingTotal = async () => (await callAs(t.app, 'ranking', { body: { period: 'all', pageSize: 1 } })).data.total;
    const entries = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ranking_entries where essay_id = ${id}`)).rows[0]!.n;
    const totalBefore = await rankingTotal();
    expect(await entries()).toBeGreaterThan(0);

    const hidden = await callAs(t.app, 'adminHideEssay', { params: { id }, body: { reason: '抄袭' } }, admin.token);
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
    const edit = await callAs(
      t.app,
      'updateEssay',
      { params: { id }, body: { type: 'sentence', content: '改一改再发', classificationId: tx.meiju.id, status: 'publish' } },
      author.token,
    );
    expect(edit.code).toBe('A0400');
    expect((await callAs(t.app, 'withdrawEssay', { params: { id } }, author.token)).code).toBe('A0400');
    expect((await systemMessages(author.token))[0]!.content).toContain('抄袭');
    expect((await callAs(t.app, 'adminHideEssay', { params: { id }, body: { reason: '再藏' } }, admin.token)).code).toBe('A0400');

    const back = await callAs(t.app, 'adminRestoreEssay', { params: { id } }, admin.token);
    expect(back.data).toMatchObject({ status: 'published', statusReason: null, likes });
    expect((await details(id)).data.likes).toBe(likes);
    expect(await latestIds()).toContain(id);
    expect(await counts()).toEqual(before);
    expect((await callAs(t.app, 'adminRestoreEssay', { params: { id } }, admin.token)).code).toBe('A0400');
  });
});

describe('content lifecycle', () => {
  it('keeps an edited published text public, sends it back to review on a sensitive word, and withdraws only on request', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const w = await write(author, '春江潮水连海平');
    const id = w.id;
    const comment = await callAs(t.app, 'createComment', { body: { essayId: id, content: '好句' } }, reader.token);
    await callAs(t.app, 'createComment', { body: { essayId: id, content: '谢谢', parentId: comment.data.id } }, author.token);
    const save = (content: string, status: 'draft' | 'publish') =>
      callAs(
        t.app,
        'updateEssay',
        { params: { id }, body: { type: 'sentence', content, classificationId: tx.meiju.id, status } },
        author.token,
      );
    // An old client's 保存草稿 on a published text is an update, never a silent unpublish.
    const saved = await save('春江潮水连海平，海上明月共潮生', 'draft');
    expect(saved.data).toMatchObject({ status: 'published', notice: null });
    expect((await details(id)).data).toMatchObject({ content: '春江潮水连海平，海上明月共潮生', comments: 2 });

    const sensitive = await save('春江潮水连海平 办证刻章', 'publish');
    expect(sensitive.data.status).toBe('pending');
    expect(sensitive.data.notice).toContain('审核');
    expect((await details(id)).code).toBe('A0404');
    const children = await callAs(t.app, 'commentChildren', { query: { rootId: comment.data.id } });
    expect(children.code).toBe('A0404');
    // The commenter's notification no longer shows the text that left the site.
    const reply = (await callAs(t.app, 'messagesPage', { query: { type: 'reply' } }, reader.token)).data.list[0];
    expect(reply!.essay).toBeNull();

    await save('春江潮水连海平', 'publish');
    expect((await details(id)).data.status).toBe('published');
    const withdrawn = await callAs(t.app, 'withdrawEssay', { params: { id } }, author.token);
    expect(withdrawn.data.status).toBe('draft');
    expect((await details(id)).code).toBe('A0404');
    expect((await callAs(t.app, 'withdrawEssay', { params: { id } }, reader.token)).code).toBe('A0301');
  });

  it('refuses comments, nicknames and bios with a listed word, naming the field', async () => {
    const u = await signUp(t.app);
    const w = await write(u, '床前明月光');
    const c = await callAs(t.app, 'createComment', { body: { essayId: w.id, content: '枪支出售' } }, u.token);
    expect([c.code, c.msg.includes('content')]).toEqual(['A0400', true]);
    const nick = await callAs(t.app, 'updateMe', { body: { nickname: '办证刻章' } }, u.token);
    expect([nick.code, nick.msg.includes('nickname')]).toEqual(['A0400', true]);
    const bio = await callAs(t.app, 'updateMe', { body: { bio: '专业代开发票' } }, u.token);
    expect([bio.code, bio.msg.includes('bio')]).toEqual(['A0400', true]);
    expect((await callAs(t.app, 'updateMe', { body: { bio: '爱读诗' } }, u.token)).data.bio).toBe('爱读诗');
  });
});

describe('users', () => {
  it('bans: sessions revoked, sign-in refused naming the end, texts and comments hidden; unban brings them back', async () => {
    const bad = await signUp(t.app);
    const other = await signUp(t.app);
    const host = await write(other, '白日依山尽');
    const mine = await write(bad, '黄河入海流之封禁测试');
    const waiting = await write(bad, '赌博网站之封禁测试');
    await callAs(t.app, 'createComment', { body: { essayId: host.id, content: '刷屏刷屏' } }, bad.token);
    expect((await details(host.id)).data.comments).toBe(1);

    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const r = await callAs(t.app, 'adminBanUser', { params: { id: bad.user.id }, body: { reason: '发布垃圾广告', until } }, admin.token);
    expect(r.data).toMatchObject({ status: 'banned', banReason: '发布垃圾广告', bannedUntil: until });
    expect(await lastAudit()).toMatchObject({
      action: 'user.ban',
      targetType: 'user',
      summary: { reason: '发布垃圾广告', essays: 1, comments: 1 },
    });
    expect((await callAs(t.app, 'me', {}, bad.token)).code).toBe('A0230');
    const login = await callAs(t.app, 'login', { body: { username: bad.username, password: bad.password } }, undefined, {
      remoteAddress: '10.9.9.9',
    });
    const day = new Date(Date.parse(until) + 8 * 3600 * 1000).toISOString().slice(0, 10);
    expect([login.status, login.code]).toEqual([403, 'A0220']);
    expect(login.msg).toContain(day);
    expect(login.msg).toContain('发布垃圾广告');
    expect((await details(mine.id)).code).toBe('A0404');
    expect(await latestIds()).not.toContain(mine.id);
    const comments = await callAs(t.app, 'commentsPage', { query: { essayId: host.id } });
    expect(comments.data.total).toBe(0);
    expect((await details(host.id)).data.comments).toBe(0);
    // Nothing of theirs goes on the site while the ban lasts.
    expect((await callAs(t.app, 'adminReviewEssay', { params: { id: waiting.id }, body: { action: 'approve' } }, admin.token)).code).toBe(
      'A0400',
    );
    expect((await callAs(t.app, 'adminRestoreEssay', { params: { id: mine.id } }, admin.token)).code).toBe('A0400');
    const listed = await callAs(t.app, 'adminUsersPage', { query: { status: 'banned' } }, admin.token);
    expect(listed.data.list.map((u) => u.id)).toContain(bad.user.id);

    await callAs(t.app, 'adminUnbanUser', { params: { id: bad.user.id } }, admin.token);
    expect((await details(mine.id)).data.status).toBe('published');
    expect((await details(host.id)).data.comments).toBe(1);
    const again = await callAs(t.app, 'login', { body: { username: bad.username, password: bad.password } }, undefined, {
      remoteAddress: '10.9.9.9',
    });
    expect(again.code).toBe('00000');
    expect((await callAs(t.app, 'adminUnbanUser', { params: { id: bad.user.id } }, admin.token)).code).toBe('A0400');
  });

  it('lifts an expired ban at the next sign-in', async () => {
    const u = await signUp(t.app);
    await callAs(
      t.app,
      'adminBanUser',
      {
        params: { id: u.user.id },
        body: {
          reason: '冷静一下',
          until: new Date(Date.now() + 3600_000).toISOString(),
        },
      },
      admin.token,
    );
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, u.user.id));
    const login = await callAs(t.app, 'login', { body: { username: u.username, password: u.password } }, undefined, {
      remoteAddress: '10.9.9.8',
    });
    expect(login.code).toBe('00000');
  });

  it('never lets an admin ban or demote themself or the last admin', async () => {
    expect((await callAs(t.app, 'adminBanUser', { params: { id: admin.user.id }, body: { reason: '自我封禁' } }, admin.token)).code).toBe(
      'A0400',
    );
    const self = await callAs(t.app, 'adminSetRole', { params: { id: admin.user.id }, body: { role: 'user' } }, admin.token);
    expect([self.code, self.msg.includes('自己')]).toEqual(['A0400', true]);
    const second = await makeAdmin(t);
    // With two admins, one may demote the other — but then the remaining one is the last.
    expect((await callAs(t.app, 'adminSetRole', { params: { id: second.user.id }, body: { role: 'user' } }, admin.token)).data.role).toBe(
      'user',
    );
    const promoted = await callAs(t.app, 'adminSetRole', { params: { id: second.user.id }, body: { role: 'admin' } }, admin.token);
    expect(promoted.data.role).toBe('admin');
    expect(await lastAudit()).toMatchObject({ action: 'user.role', summary: { role: 'admin' } });
    const asSecond = await callAs(t.app, 'adminSetRole', { params: { id: admin.user.id }, body: { role: 'user' } }, second.token);
    expect(asSecond.data.role).toBe('user');
    const last = await callAs(t.app, 'adminBanUser', { params: { id: second.user.id }, body: { reason: 'x' } }, second.token);
    expect(last.code).toBe('A0400');
    // Restore the first admin for the rest of the file.
    await callAs(t.app, 'adminSetRole', { params: { id: admin.user.id }, body: { role: 'admin' } }, second.token);
    expect((await callAs(t.app, 'adminSetRole', { params: { id: 999999 }, body: { role: 'admin' } }, admin.token)).code).toBe('A0404');
  });
});

describe('reports', () => {
  it('files one open report per user and target, queues them grouped, and resolves by deleting the comment', async () => {
    const author = await signUp(t.app);
    const troll = await signUp(t.app);
    const [r1, r2] = [await signUp(t.app), await signUp(t.app)];
    const w = await write(author, '举报测试之句');
    const c = await callAs(t.app, 'createComment', { body: { essayId: w.id, content: '难听的话' } }, troll.token);
    const report = (token: string, body: CallInput<'createReport'>['body']) => callAs(t.app, 'createReport', { body }, token);
    const first = await report(r1.token, { targetType: 'comment', targetId: c.data.id, reason: '人身攻击', detail: '骂人' });
    expect(first.data.status).toBe('open');
    expect((await report(r1.token, { targetType: 'comment', targetId: c.data.id, reason: '其他' })).code).toBe('A0400');
    expect((await report(r2.token, { targetType: 'comment', targetId: c.data.id, reason: '人身攻击' })).code).toBe('00000');
    expect((await report(r2.token, { targetType: 'comment', targetId: 999999, reason: '其他' })).code).toBe('A0404');
    expect(
      (await callUnchecked(t.app, 'createReport', { body: { targetType: 'essay', targetId: w.id, reason: '随便' } }, r2.token)).code,
    ).toBe('A0400');
    expect((await report(troll.token, { targetType: 'user', targetId: troll.user.id, reason: '其他' })).code).toBe('A0400');
    expect((await callAs(t.app, 'createReport', { body: { targetType: 'user', targetId: 1, reason: '其他' } })).code).toBe('A0230');

    const queue = await callAs(t.app, 'adminReportsPage', { query: { status: 'open' } }, admin.token);
    const group = queue.data.list.find((g) => g.targetType === 'comment' && g.targetId === c.data.id);
    expect(group).toMatchObject({
      count: 2,
      status: 'open',
      reasons: [{ reason: '人身攻击', count: 2 }],
      target: { excerpt: '难听的话', owner: { id: troll.user.id } },
    });
    expect(group!.reports.map((x) => x.reporter?.id).sort()).toEqual([r1.user.id, r2.user.id].sort());
    const dashboard = await callAs(t.app, 'adminDashboard', { query: { days: 7 } }, admin.token);
    expect(dashboard.data.today.openReports).toBeGreaterThanOrEqual(2);

    const done = await callAs(
      t.app,
      'adminResolveReport',
      { params: { id: group!.id }, body: { action: 'delete', note: '辱骂' } },
      admin.token,
    );
    expect(done.data).toMatchObject({ status: 'resolved', count: 2, resolution: '辱骂', resolvedBy: { id: admin.user.id } });
    expect(await lastAudit()).toMatchObject({ action: 'report.delete', targetType: 'comment', summary: { reports: 2 } });
    // Both reporters hear that it was dealt with, not what became of the troll or the editor's note.
    for (const reporter of [r1, r2]) {
      const [told] = await systemMessages(reporter.token);
      expect(told!.content).toBe('你举报的评论（人身攻击）已处理，感谢你帮助维护拾句。');
    }
    expect(await systemMessages(troll.token)).toEqual([]);
    const comments = await callAs(t.app, 'commentsPage', { query: { essayId: w.id } });
    expect(comments.data.total).toBe(0);
    expect((await details(w.id)).data.comments).toBe(0);
    // The author's notification no longer quotes the removed comment.
    const notified = await callAs(t.app, 'messagesPage', { query: { type: 'comment' } }, author.token);
    expect(notified.data.list[0]!.content).not.toContain('难听的话');
    expect((await callAs(t.app, 'adminResolveReport', { params: { id: group!.id }, body: { action: 'dismiss' } }, admin.token)).code).toBe(
      'A0400',
    );
    const openAfter = await callAs(t.app, 'adminReportsPage', { query: { status: 'open' } }, admin.token);
    expect(openAfter.data.list.some((g) => g.targetId === c.data.id && g.targetType === 'comment')).toBe(false);
    // A report may be filed again once the earlier one is closed.
    expect((await report(r1.token, { targetType: 'user', targetId: troll.user.id, reason: '其他' })).code).toBe('00000');
  });

  it('resolves by banning the author of a reported text, and dismisses without touching the target', async () => {
    const spammer = await signUp(t.app);
    const reader = await signUp(t.app);
    const w = await write(spammer, '天天好心情之举报');
    const w2 = await write(spammer, '另一条无害的句子');
    const dismissMe = await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: w2.id, reason: '其他' } }, reader.token);
    const dismissed = await callAs(
      t.app,
      'adminResolveReport',
      { params: { id: dismissMe.data.id }, body: { action: 'dismiss' } },
      admin.token,
    );
    expect(dismissed.data.status).toBe('dismissed');
    expect((await details(w2.id)).data.status).toBe('published');
    const rep = await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: w.id, reason: '垃圾广告' } }, reader.token);
    const r = await callAs(
      t.app,
      'adminResolveReport',
      { params: { id: rep.data.id }, body: { action: 'ban', note: '封禁广告号' } },
      admin.token,
    );
    expect(r.data.status).toBe('resolved');
    // The reporter hears of both outcomes, newest first, and never of the ban.
    const told = (await systemMessages(reader.token)).map((m) => m.content);
    expect(told).toEqual([
      '你举报的作品（垃圾广告）已处理，感谢你帮助维护拾句。',
      '你举报的作品（其他）经编辑核查，未发现违反社区规则的情况。感谢你的反馈。',
    ]);
    expect(told.join('')).not.toContain('封禁');
    expect((await details(w.id)).code).toBe('A0404');
    expect((await callAs(t.app, 'me', {}, spammer.token)).code).toBe('A0230');
  });

  it('resolves by hiding or deleting a reported text, telling its author why', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const report = async (id: number) =>
      (await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: id, reason: '抄袭侵权' } }, reader.token)).data.id;
    const a = await write(author, '被举报隐藏的句子');
    const b = await write(author, '被举报删除的句子');
    await callAs(t.app, 'adminResolveReport', { params: { id: await report(a.id) }, body: { action: 'hide' } }, admin.token);
    expect((await details(a.id)).code).toBe('A0404');
    expect((await details(a.id, author.token)).data).toMatchObject({ status: 'hidden', statusReason: '被举报：抄袭侵权' });
    await callAs(
      t.app,
      'adminResolveReport',
      { params: { id: await report(b.id) }, body: { action: 'delete', note: '确认抄袭' } },
      admin.token,
    );
    expect((await details(b.id, author.token)).code).toBe('A0404');
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
          (await callAs(t.app, 'createReport', { body: { targetType: 'user', targetId: target.user.id, reason: '其他' } }, reporter.token))
            .code,
      ),
    );
    // Counted and checked atomically: exactly the burst passes, however the requests interleave.
    expect(codes.filter((c) => c === '00000')).toHaveLength(5);
    expect(codes.filter((c) => c === 'A0501')).toHaveLength(3);
  });
});
