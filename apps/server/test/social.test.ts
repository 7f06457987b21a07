import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';
import { makeAdmin, publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { announcements, essays } from '../src/db/schema.js';
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
  callAs(t.app, 'createComment', { body: { essayId, content, ...(parentId ? { parentId } : {}) } }, p.token);
const counters = async (id: number) => (await t.database.db.select().from(essays).where(eq(essays.id, id)))[0]!;
const unread = async (p: Person) => (await callAs(t.app, 'messageCount', {}, p.token)).data;

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

    const page = await callAs(t.app, 'commentsPage', { query: { essayId, sort: 'new' } });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]!.replyCount).toBe(5);
    expect(page.data.list[0]!.replies).toHaveLength(3);
    expect(page.data.list[0]!.replies!.map((x) => x.content)).toEqual(['第0条补充', '第1条补充', '第2条补充']);
    const all = await callAs(t.app, 'commentChildren', { query: { rootId: root.data.id, pageSize: 50 } });
    expect(all.data.total).toBe(5);
    expect(all.data.list[0]!.content).toBe('谢谢喜欢');

    // B deletes their first-level comment: its replies leave the view and the counter drops to 0
    const del = await callAs(t.app, 'deleteComment', { params: { id: root.data.id } }, b.token);
    expect(del.code).toBe('00000');
    expect((await counters(essayId)).comments).toBe(0);
    expect((await callAs(t.app, 'commentsPage', { query: { essayId } })).data.total).toBe(0);
  });

  it('allows deleting own comments, any comment on one’s own text, any as admin — and nothing else', async () => {
    const essayId = (await publishText(t.app, a, { content: '欲穷千里目，更上一层楼。', classificationId: tx.meiju.id })).id;
    const byB = await comment(b, essayId, 'B 的评论');
    const byC = await comment(c, essayId, 'C 的评论');
    const refused = await callAs(t.app, 'deleteComment', { params: { id: byB.data.id } }, c.token);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('A0301');
    expect((await counters(essayId)).comments).toBe(2);
    expect((await callAs(t.app, 'deleteComment', { params: { id: byB.data.id } }, a.token)).code).toBe('00000');
    const admin = await makeAdmin(t);
    expect((await callAs(t.app, 'deleteComment', { params: { id: byC.data.id } }, admin.token)).code).toBe('00000');
    expect((await counters(essayId)).comments).toBe(0);
    expect((await callAs(t.app, 'deleteComment', { params: { id: byC.data.id } }, admin.token)).code).toBe('A0404');
  });

  it.each([
    [{ content: '' }, 'content'],
    [{ content: '    ' }, 'content'],
    [{ content: '字'.repeat(501) }, 'content'],
    [{ content: 123 }, 'content'],
    [{ essayId: 'x' }, 'essayId'],
  ])('rejects %j naming %s', async (patch, field) => {
    const essayId = (await publishText(t.app, a, { content: `评论校验 ${field} ${Math.random()}`, classificationId: tx.meiju.id })).id;
    const r = await callUnchecked(t.app, 'createComment', { body: { essayId, content: 'ok', ...patch } }, b.token);
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
    expect((await callAs(t.app, 'createComment', { body: { essayId, content: 'hi' } })).code).toBe('A0230');
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
      callAs(t.app, method === 'POST' ? 'follow' : 'unfollow', { params: { id } }, p.token);
    expect((await follow(x, y.user.id)).code).toBe('00000');
    expect((await follow(x, y.user.id)).code).toBe('00000');
    expect((await follow(x, x.user.id)).code).toBe('A0400');
    expect((await follow(x, 999999)).code).toBe('A0404');
    const prof = await callAs(t.app, 'userProfile', { params: { id: y.user.id } }, x.token);
    expect(prof.data).toMatchObject({ followers: 1, following: 0, isFollowing: true });
    expect((await callAs(t.app, 'userProfile', { params: { id: y.user.id } })).data.isFollowing).toBe(false);
    const rel = await callAs(t.app, 'userRelations', { params: { id: y.user.id }, query: { type: 'followers' } }, y.token);
    expect(rel.data.list).toEqual([expect.objectContaining({ id: x.user.id, isFollowing: false, followsMe: true })]);
    expect((await callUnchecked(t.app, 'userRelations', { params: { id: y.user.id }, query: { type: 'friends' } })).code).toBe('A0400');
    await follow(x, y.user.id, 'DELETE');
    await follow(x, y.user.id, 'DELETE');
    expect((await callAs(t.app, 'userProfile', { params: { id: y.user.id } })).data.followers).toBe(0);
    expect((await callAs(t.app, 'follow', { params: { id: y.user.id } })).code).toBe('A0230');
  });

  it('shows likes and collections unless the owner keeps them private', async () => {
    const essayId = (await publishText(t.app, a, { content: '山重水复疑无路，柳暗花明又一村。', classificationId: tx.meiju.id })).id;
    const owner = await signUp(t.app);
    await callAs(t.app, 'like', { body: { essayId, type: 'collect' } }, owner.token);
    const seen = await callAs(t.app, 'userCollects', { params: { id: owner.user.id } });
    expect(seen.data.list.map((e) => e.id)).toEqual([essayId]);
    await callAs(t.app, 'updateMe', { body: { collectsPublic: false } }, owner.token);
    const hidden = await callAs(t.app, 'userCollects', { params: { id: owner.user.id } }, b.token);
    expect(hidden.status).toBe(403);
    expect(hidden.code).toBe('A0301');
    expect((await callAs(t.app, 'userCollects', { params: { id: owner.user.id } }, owner.token)).data.total).toBe(1);
    expect((await callAs(t.app, 'userLikes', { params: { id: owner.user.id } })).data.total).toBe(0);
    expect((await callAs(t.app, 'userLikes', { params: { id: 999999 } })).code).toBe('A0404');
  });

  it('hides a text marked 不感兴趣 from that user’s lists only', async () => {
    const essayId = (await publishText(t.app, a, { content: '不感兴趣的一句。', classificationId: tx.meiju.id })).id;
    const r = await callAs(t.app, 'uninterested', { params: { id: essayId } }, c.token);
    expect(r.code).toBe('00000');
    const listFor = async (p?: Person) =>
      (await callAs(t.app, 'essaysPage', { body: { pageSize: 50 } }, p?.token)).data.list.map((e) => e.id);
    expect(await listFor(c)).not.toContain(essayId);
    expect(await listFor(b)).toContain(essayId);
    expect(await listFor()).toContain(essayId);
    expect((await callAs(t.app, 'uninterested', { params: { id: 999999 } }, c.token)).code).toBe('A0404');
  });
});

describe('notifications', () => {
  it('tells authors about likes, collects, comments, replies, follows and imitations — once, and never about themselves', async () => {
    const author = await signUp(t.app);
    const fan = await signUp(t.app);
    const essayId = (await publishText(t.app, author, { content: '人生得意须尽欢。', classificationId: tx.meiju.id })).id;
    const like = (method: 'POST' | 'PUT', p: Person, type: 'like' | 'collect' = 'like') =>
      callAs(t.app, method === 'POST' ? 'like' : 'unlike', { body: { essayId, type } }, p.token);
    await like('POST', fan);
    await like('PUT', fan);
    await like('POST', fan);
    await like('POST', fan, 'collect');
    await like('POST', author);
    await comment(fan, essayId, '好诗');
    await comment(author, essayId, '自己评论自己');
    await callAs(t.app, 'follow', { params: { id: author.user.id } }, fan.token);
    await publishText(t.app, fan, { content: '人生失意也尽欢。', classificationId: tx.meiju.id, imitateOf: essayId });
    const counts = await unread(author);
    expect(counts.byType).toMatchObject({ like: 1, collect: 1, comment: 1, follow: 1, imitate: 1, reply: 0 });
    expect(counts.total).toBe(5);

    const likes = await callAs(t.app, 'messagesPage', { query: { type: 'like' } }, author.token);
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
    const again = await callAs(t.app, 'messagesPage', { query: { type: 'like' } }, author.token);
    expect(again.data.list[0]!.read).toBe(true);

    const root = (await callAs(t.app, 'commentsPage', { query: { essayId, sort: 'new', pageSize: 50 } }, author.token)).data.list.find(
      (x) => x.user.id === fan.user.id,
    );
    await comment(author, essayId, '谢谢', root!.id);
    expect((await unread(fan)).byType.reply).toBe(1);
    expect((await callUnchecked(t.app, 'messagesPage', { query: { type: 'nope' } }, fan.token)).code).toBe('A0400');
    expect((await callAs(t.app, 'messageCount')).code).toBe('A0230');
  });
});

describe('announcements', () => {
  it('lists pinned first, tracks each reader’s read state and sanitised content', async () => {
    const db = t.database.db;
    await db.insert(announcements).values([
      { title: '旧公告', content: '<p>旧的</p>', publishedAt: new Date(Date.now() - 2 * 86_400_000) },
      { title: '置顶公告', content: '<p>社区规范</p>', pinned: true, publishedAt: new Date(Date.now() - 3 * 86_400_000) },
      { title: '新公告', content: '<p>新的</p>' },
      { title: '未来公告', content: '<p>还没到</p>', publishedAt: new Date(Date.now() + 86_400_000) },
    ]);
    const page = await callAs(t.app, 'announcementsPage');
    expect(page.data.list.map((x) => x.title)).toEqual(['置顶公告', '新公告', '旧公告']);
    expect(page.data.list[0]).toMatchObject({ summary: '社区规范', read: false });
    const reader = await signUp(t.app);
    const mine = await callAs(t.app, 'announcementMessages', {}, reader.token);
    expect(mine.data.unread).toBe(3);
    const id = page.data.list[1]!.id;
    const one = await callAs(t.app, 'announcementForm', { params: { id } }, reader.token);
    expect(one.data).toMatchObject({ title: '新公告', content: '<p>新的</p>' });
    const after = await callAs(t.app, 'announcementMessages', {}, reader.token);
    expect(after.data.unread).toBe(2);
    expect(after.data.list.find((x) => x.id === id)!.read).toBe(true);
    expect((await callAs(t.app, 'announcementForm', { params: { id: 999999 } })).code).toBe('A0404');
    expect((await callAs(t.app, 'announcementMessages')).code).toBe('A0230');
  });
});
