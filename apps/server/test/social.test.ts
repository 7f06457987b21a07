import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createTestApp, signUp, type TestContext } from './helper.js';
import { publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { announcements, essays, users } from '../src/db/schema.js';
import { COMMENT_BURST } from '../src/modules/comments/index.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
type Person = Awaited<ReturnType<typeof signUp>>;
let a: Person, b: Person, c: Person;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
});
afterAll(async () => t?.close());

const comment = (p: Person, essayId: number, content: string, parentId?: number) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/app/essay/comment',
    token: p.token,
    payload: { essayId, content, ...(parentId ? { parentId } : {}) },
  });
const counters = async (id: number) => (await t.database.db.select().from(essays).where(eq(essays.id, id)))[0]!;
const unread = async (p: Person) => (await call(t.app, { method: 'GET', url: '/api/app/app-users/message', token: p.token })).data;

describe('comments', () => {
  it('comments and replies keep one root, name whom they answer, and keep the counter exact', async () => {
    const essayId = (await publishText(t.app, a, { content: '采菊东篱下，悠然见南山。', classificationId: tx.meiju.id })).id;
    const root = await comment(b, essayId, '好句！');
    expect(root.data).toMatchObject({ rootId: null, content: '好句！', user: { id: b.user.id }, replyToUser: null });
    const r1 = await comment(a, essayId, '谢谢喜欢', root.data.id);
    expect(r1.data).toMatchObject({ rootId: root.data.id, replyToUser: { id: b.user.id } });
    const r2 = await comment(c, essayId, '同感', r1.data.id);
    expect(r2.data).toMatchObject({ rootId: root.data.id, replyToUser: { id: a.user.id } });
    for (let i = 0; i < 3; i++) await comment(c, essayId, `第${i}条补充`, root.data.id);
    expect((await counters(essayId)).comments).toBe(6);

    const page = await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/page?essayId=${essayId}&sort=new` });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0].replyCount).toBe(5);
    expect(page.data.list[0].replies).toHaveLength(3);
    expect(page.data.list[0].replies.map((x: any) => x.content)).toEqual(['第0条补充', '第1条补充', '第2条补充']);
    const all = await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/children/page?rootId=${root.data.id}&pageSize=50` });
    expect(all.data.total).toBe(5);
    expect(all.data.list[0].content).toBe('谢谢喜欢');

    // B deletes their first-level comment: its replies leave the view and the counter drops to 0
    const del = await call(t.app, { method: 'POST', url: `/api/v1/app/essay/delete/comment/${root.data.id}`, token: b.token });
    expect(del.code).toBe('00000');
    expect((await counters(essayId)).comments).toBe(0);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/app/essay/comment/page?essayId=${essayId}` })).data.total).toBe(0);
  });

  it('allows deleting own comments, any comment on one’s own text, any as admin — and nothing else', async () => {
    const essayId = (await publishText(t.app, a, { content: '欲穷千里目，更上一层楼。', classificationId: tx.meiju.id })).id;
    const byB = await comment(b, essayId, 'B 的评论');
    const byC = await comment(c, essayId, 'C 的评论');
    const refused = await call(t.app, { method: 'POST', url: `/api/v1/app/essay/delete/comment/${byB.data.id}`, token: c.token });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('A0301');
    expect((await counters(essayId)).comments).toBe(2);
    expect((await call(t.app, { method: 'POST', url: `/api/v1/app/essay/delete/comment/${byB.data.id}`, token: a.token })).code).toBe(
      '00000',
    );
    const admin = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await call(t.app, { method: 'POST', url: `/api/v1/app/essay/delete/comment/${byC.data.id}`, token: admin.token })).code).toBe(
      '00000',
    );
    expect((await counters(essayId)).comments).toBe(0);
    expect((await call(t.app, { method: 'POST', url: `/api/v1/app/essay/delete/comment/${byC.data.id}`, token: admin.token })).code).toBe(
      'A0404',
    );
  });

  it.each([
    [{ content: '' }, 'content'],
    [{ content: '    ' }, 'content'],
    [{ content: '字'.repeat(501) }, 'content'],
    [{ content: 123 }, 'content'],
    [{ essayId: 'x' }, 'essayId'],
  ])('rejects %j naming %s', async (patch, field) => {
    const essayId = (await publishText(t.app, a, { content: `评论校验 ${field} ${Math.random()}`, classificationId: tx.meiju.id })).id;
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay/comment',
      token: b.token,
      payload: { essayId, content: 'ok', ...patch },
    });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(field);
    expect((await counters(essayId)).comments).toBe(0);
  });

  it('stores comments as plain text, refuses unknown texts or parents, visitors, and floods', async () => {
    const essayId = (await publishText(t.app, a, { content: '会当凌绝顶，一览众山小。', classificationId: tx.meiju.id })).id;
    const xss = await comment(b, essayId, '<img src=x onerror=alert(1)>');
    expect(xss.data.content).toBe('<img src=x onerror=alert(1)>');
    expect((await comment(b, 999999, 'hi')).code).toBe('A0404');
    expect((await comment(b, essayId, 'hi', 999999)).code).toBe('A0400');
    expect((await call(t.app, { method: 'POST', url: '/api/v1/app/essay/comment', payload: { essayId, content: 'hi' } })).code).toBe(
      'A0230',
    );
    const flooder = await signUp(t.app);
    const results = [];
    for (let i = 0; i < COMMENT_BURST + 1; i++) results.push((await comment(flooder, essayId, `刷屏${i}`)).code);
    expect(results.slice(0, COMMENT_BURST).every((x) => x === '00000')).toBe(true);
    expect(results[COMMENT_BURST]).toBe('A0501');
  });
});

describe('people', () => {
  it('follows and unfollows idempotently, never oneself, with exact counts', async () => {
    const x = await signUp(t.app);
    const y = await signUp(t.app);
    const follow = (p: Person, id: number, method: 'POST' | 'DELETE' = 'POST') =>
      call(t.app, { method, url: `/api/v1/pc/users/${id}/follow`, token: p.token });
    expect((await follow(x, y.user.id)).code).toBe('00000');
    expect((await follow(x, y.user.id)).code).toBe('00000');
    expect((await follow(x, x.user.id)).code).toBe('A0400');
    expect((await follow(x, 999999)).code).toBe('A0404');
    const prof = await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${y.user.id}`, token: x.token });
    expect(prof.data).toMatchObject({ followers: 1, following: 0, isFollowing: true });
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${y.user.id}` })).data.isFollowing).toBe(false);
    const rel = await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${y.user.id}/relations?type=followers`, token: y.token });
    expect(rel.data.list).toEqual([expect.objectContaining({ id: x.user.id, isFollowing: false, followsMe: true })]);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${y.user.id}/relations?type=friends` })).code).toBe('A0400');
    await follow(x, y.user.id, 'DELETE');
    await follow(x, y.user.id, 'DELETE');
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${y.user.id}` })).data.followers).toBe(0);
    expect((await call(t.app, { method: 'POST', url: `/api/v1/pc/users/${y.user.id}/follow` })).code).toBe('A0230');
  });

  it('shows likes and collections unless the owner keeps them private', async () => {
    const essayId = (await publishText(t.app, a, { content: '山重水复疑无路，柳暗花明又一村。', classificationId: tx.meiju.id })).id;
    const owner = await signUp(t.app);
    await call(t.app, { method: 'POST', url: '/api/v1/app/essay/beLike', token: owner.token, payload: { essayId, type: 'collect' } });
    const seen = await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${owner.user.id}/collects` });
    expect(seen.data.list.map((e: any) => e.id)).toEqual([essayId]);
    await call(t.app, { method: 'PUT', url: '/api/v1/users/me', token: owner.token, payload: { collectsPublic: false } });
    const hidden = await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${owner.user.id}/collects`, token: b.token });
    expect(hidden.status).toBe(403);
    expect(hidden.code).toBe('A0301');
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${owner.user.id}/collects`, token: owner.token })).data.total).toBe(
      1,
    );
    expect((await call(t.app, { method: 'GET', url: `/api/v1/pc/users/${owner.user.id}/likes` })).data.total).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/users/999999/likes' })).code).toBe('A0404');
  });

  it('hides a text marked 不感兴趣 from that user’s lists only', async () => {
    const essayId = (await publishText(t.app, a, { content: '不感兴趣的一句。', classificationId: tx.meiju.id })).id;
    const r = await call(t.app, { method: 'POST', url: `/api/v1/app/essay/uninterested/${essayId}`, token: c.token });
    expect(r.code).toBe('00000');
    const listFor = async (p?: Person) =>
      (await call(t.app, { method: 'POST', url: '/api/v1/es/essays/pc/page', token: p?.token, payload: { pageSize: 50 } })).data.list.map(
        (e: any) => e.id,
      );
    expect(await listFor(c)).not.toContain(essayId);
    expect(await listFor(b)).toContain(essayId);
    expect(await listFor()).toContain(essayId);
    expect((await call(t.app, { method: 'POST', url: '/api/v1/app/essay/uninterested/999999', token: c.token })).code).toBe('A0404');
  });
});

describe('notifications', () => {
  it('tells authors about likes, collects, comments, replies, follows and imitations — once, and never about themselves', async () => {
    const author = await signUp(t.app);
    const fan = await signUp(t.app);
    const essayId = (await publishText(t.app, author, { content: '人生得意须尽欢。', classificationId: tx.meiju.id })).id;
    const like = (method: 'POST' | 'PUT', p: Person, type = 'like') =>
      call(t.app, { method, url: '/api/v1/app/essay/beLike', token: p.token, payload: { essayId, type } });
    await like('POST', fan);
    await like('PUT', fan);
    await like('POST', fan);
    await like('POST', fan, 'collect');
    await like('POST', author);
    await comment(fan, essayId, '好诗');
    await comment(author, essayId, '自己评论自己');
    await call(t.app, { method: 'POST', url: `/api/v1/pc/users/${author.user.id}/follow`, token: fan.token });
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/app/essay',
      token: fan.token,
      payload: { type: 'sentence', content: '人生失意也尽欢。', classificationId: tx.meiju.id, imitateOf: essayId, status: 'publish' },
    });
    const counts = await unread(author);
    expect(counts.byType).toMatchObject({ like: 1, collect: 1, comment: 1, follow: 1, imitate: 1, reply: 0 });
    expect(counts.total).toBe(5);

    const likes = await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=like', token: author.token });
    expect(likes.data.list).toEqual([
      expect.objectContaining({
        type: 'like',
        read: false,
        actor: expect.objectContaining({ id: fan.user.id }),
        essay: expect.objectContaining({ id: essayId }),
      }),
    ]);
    expect((await unread(author)).byType.like).toBe(0);
    expect((await unread(author)).total).toBe(4);
    const again = await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=like', token: author.token });
    expect(again.data.list[0].read).toBe(true);

    const root = (
      await call(t.app, {
        method: 'GET',
        url: `/api/v1/app/essay/comment/page?essayId=${essayId}&sort=new&pageSize=50`,
        token: author.token,
      })
    ).data.list.find((x: any) => x.user.id === fan.user.id);
    await comment(author, essayId, '谢谢', root.id);
    expect((await unread(fan)).byType.reply).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/app/app-users/message/page?type=nope', token: fan.token })).code).toBe('A0400');
    expect((await call(t.app, { method: 'GET', url: '/api/app/app-users/message' })).code).toBe('A0230');
  });
});

describe('announcements', () => {
  it('lists pinned first, tracks each reader’s read state and sanitised content', async () => {
    const db = t.database.db;
    await db.insert(announcements).values([
      { title: '旧公告', content: '<p>旧的</p>', publishedAt: sql`now() - interval '2 days'` as any },
      { title: '置顶公告', content: '<p>社区规范</p>', pinned: true, publishedAt: sql`now() - interval '3 days'` as any },
      { title: '新公告', content: '<p>新的</p>' },
      { title: '未来公告', content: '<p>还没到</p>', publishedAt: sql`now() + interval '1 day'` as any },
    ]);
    const page = await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/page' });
    expect(page.data.list.map((x: any) => x.title)).toEqual(['置顶公告', '新公告', '旧公告']);
    expect(page.data.list[0]).toMatchObject({ summary: '社区规范', read: false });
    const reader = await signUp(t.app);
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/message/page/', token: reader.token });
    expect(mine.data.unread).toBe(3);
    const id = page.data.list[1].id;
    const one = await call(t.app, { method: 'GET', url: `/api/v1/pc/announcements/${id}/form`, token: reader.token });
    expect(one.data).toMatchObject({ title: '新公告', content: '<p>新的</p>' });
    const after = await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/message/page/', token: reader.token });
    expect(after.data.unread).toBe(2);
    expect(after.data.list.find((x: any) => x.id === id).read).toBe(true);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/999999/form' })).code).toBe('A0404');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/pc/announcements/message/page/' })).code).toBe('A0230');
  });
});
