import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { AGREEMENT_VERSION, DELETION_COOLING_OFF_DAYS, type CallInput } from '@shiju/contract';
import { RANK_MIN_LIKES, weekRange } from '@shiju/contract/core';
import { callAs, callUnchecked, createTestApp, multipart, signUp, type TestContext } from './helper.js';
import { likedByEstablished, publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import {
  blocks,
  classifications,
  collects,
  comments,
  essays,
  follows,
  interests,
  likes,
  messages,
  sessions,
  tags,
  users,
} from '../src/db/schema.js';
import { freezeWeek } from '../src/modules/discovery/index.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { JOBS } from '../src/jobs/scheduler.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
type Person = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
});
afterAll(async () => t?.close());

const follow = (p: Person, whom: Person) => callAs(t.app, 'follow', { params: { id: whom.user.id } }, p.token);
const block = (p: Person, whom: Person) => callAs(t.app, 'block', { params: { id: whom.user.id } }, p.token);
const unblock = (p: Person, whom: Person) => callAs(t.app, 'unblock', { params: { id: whom.user.id } }, p.token);
const comment = (p: Person, essayId: number, content: string, parentId?: number) =>
  callAs(t.app, 'createComment', { body: { essayId, content, ...(parentId ? { parentId } : {}) } }, p.token);
const feed = (p: Person | undefined, query: CallInput<'followingFeed'>['query'] = {}) =>
  callAs(t.app, 'followingFeed', { query }, p?.token);
const like = (p: Person, body: CallInput<'like'>['body']) => callAs(t.app, 'like', { body }, p.token);
const meOf = (p?: Person) => callAs(t.app, 'me', {}, p?.token);
const profile = (id: number, p?: Person) => callAs(t.app, 'userProfile', { params: { id } }, p?.token);
const details = (id: number) => callAs(t.app, 'essayDetails', { body: { id } });
const thread = (essayId: number, p?: Person) => callAs(t.app, 'commentsPage', { query: { essayId, sort: 'new' } }, p?.token);
const unreadOf = (p: Person) => callAs(t.app, 'messageCount', {}, p.token);
const setInterests = (p: Person, tagIds: number[]) => callAs(t.app, 'createInterests', { body: { tagIds } }, p.token);
const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((e) => e.id);
const listNew = (p: Person | undefined, extra: CallInput<'essaysPage'>['body'] = {}) =>
  callAs(t.app, 'essaysPage', { body: { pageSize: 50, sort: 'new', ...extra } }, p?.token);
const counts = async (p: Person) => (await t.database.db.select().from(users).where(eq(users.id, p.user.id)))[0]!;

describe('following feed', () => {
  it('needs a signed-in caller and checks its paging input', async () => {
    const a = await signUp(t.app);
    expect((await feed(undefined)).code).toBe('A0230');
    for (const query of [{ pageSize: 0 }, { pageSize: 51 }, { pageNum: 0 }, { cursor: 'not-a-cursor' }, { cursor: 'x'.repeat(201) }]) {
      const r = await feed(a, query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.code, JSON.stringify(query)).toBe('A0400');
    }
  });

  it('shows the newest published texts of followed people only, keyset-paged', async () => {
    const [reader, poet, other] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const empty = await feed(reader);
    expect(empty.data).toMatchObject({ list: [], total: 0, nextCursor: null });

    const written = [];
    for (let i = 0; i < 5; i++)
      written.push((await publishText(t.app, poet, { content: `关注流测试第${i}句`, classificationId: tx.meiju.id })).id);
    await publishText(t.app, other, { content: '不被关注的人的句子', classificationId: tx.meiju.id });
    await publishText(t.app, reader, { content: '读者自己的句子', classificationId: tx.meiju.id });
    expect((await follow(reader, poet)).code).toBe('00000');

    const first = await feed(reader, { pageSize: 2 });
    expect(first.code).toBe('00000');
    expect(ids(first)).toEqual([written[4], written[3]]);
    expect(first.data.total).toBe(5);
    expect(first.data.list[0]!.author.id).toBe(poet.user.id);
    const second = await feed(reader, { pageSize: 2, cursor: first.data.nextCursor! });
    expect(ids(second)).toEqual([written[2], written[1]]);
    const third = await feed(reader, { pageSize: 2, cursor: second.data.nextCursor! });
    expect(ids(third)).toEqual([written[0]]);
    expect(third.data.nextCursor).toBeNull();
    // Without a cursor, pageNum pages the same order.
    expect(ids(await feed(reader, { pageSize: 2, pageNum: 2 }))).toEqual([written[2], written[1]]);

    // A text marked 不感兴趣 leaves the feed; a withdrawn one too; unfollowing empties it.
    await callAs(t.app, 'uninterested', { params: { id: written[4] } }, reader.token);
    await callAs(t.app, 'withdrawEssay', { params: { id: written[3]! } }, poet.token);
    expect(ids(await feed(reader, { pageSize: 10 }))).toEqual([written[2], written[1], written[0]]);
    await callAs(t.app, 'unfollow', { params: { id: poet.user.id } }, reader.token);
    expect(ids(await feed(reader))).toEqual([]);
  });

  it('suggests people to follow: writers, not oneself, not followed, not blocked either way', async () => {
    const [me, followed, blockedByMe, blockedMe, fresh] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    for (const p of [me, followed, blockedByMe, blockedMe])
      await publishText(t.app, p, { content: `推荐测试 ${p.username}`, classificationId: tx.meiju.id });
    await follow(me, followed);
    await block(me, blockedByMe);
    await block(blockedMe, me);
    const r = await callAs(t.app, 'suggestedUsers', {}, me.token);
    expect(r.code).toBe('00000');
    const shown = r.data.map((u) => u.id);
    for (const p of [me, followed, blockedByMe, blockedMe, fresh]) expect(shown).not.toContain(p.user.id);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data[0]).toEqual(
      expect.objectContaining({ nickname: expect.any(String), bio: expect.any(String), followers: expect.any(Number) }),
    );
    expect((await callAs(t.app, 'suggestedUsers')).code).toBe('A0230');
  });
});

describe('blocking', () => {
  it('checks who and whom: visitors, oneself, unknown people, bad ids', async () => {
    const a = await signUp(t.app);
    expect((await callAs(t.app, 'block', { params: { id: a.user.id } })).code).toBe('A0230');
    expect((await callAs(t.app, 'unblock', { params: { id: a.user.id } })).code).toBe('A0230');
    expect((await callAs(t.app, 'myBlocks')).code).toBe('A0230');
    const self = await block(a, a);
    expect(self.code).toBe('A0400');
    expect(self.msg).toContain('不能拉黑自己');
    expect((await callAs(t.app, 'block', { params: { id: 99999999 } }, a.token)).code).toBe('A0404');
    for (const bad of ['0', 'abc', '-1', '1.5'])
      expect((await callAs(t.app, 'block', { params: { id: bad } }, a.token)).code).toBe('A0400');
    expect((await callAs(t.app, 'myBlocks', { query: { pageSize: 0 } }, a.token)).code).toBe('A0400');
  });

  it('ends the follows both ways, keeps counters exact, and refuses following again either way', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    await follow(a, b);
    await follow(b, a);
    expect((await counts(a)).followerCount).toBe(1);
    expect((await block(a, b)).code).toBe('00000');
    expect((await block(a, b)).code).toBe('00000'); // idempotent
    expect(await t.database.db.select().from(follows).where(eq(follows.followerId, a.user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(follows).where(eq(follows.followerId, b.user.id))).toHaveLength(0);
    for (const p of [a, b]) expect(await counts(p)).toMatchObject({ followerCount: 0, followingCount: 0 });

    const refused = await follow(b, a);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('A0301');
    expect((await follow(a, b)).code).toBe('A0301');
    expect((await profile(b.user.id, a)).data.isBlocked).toBe(true);
    expect((await profile(a.user.id, b)).data.isBlocked).toBe(false);

    expect((await unblock(a, b)).code).toBe('00000');
    expect((await unblock(a, b)).code).toBe('00000');
    expect((await follow(b, a)).code).toBe('00000');
    expect((await profile(b.user.id, a)).data.isBlocked).toBe(false);
  });

  it('lists the blocked people, newest first, paged', async () => {
    const me = await signUp(t.app);
    const others = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    for (const o of others) await block(me, o);
    const page1 = await callAs(t.app, 'myBlocks', { query: { pageSize: 2 } }, me.token);
    expect(page1.data.total).toBe(3);
    expect(page1.data.list.map((u) => u.id)).toEqual([others[2]!.user.id, others[1]!.user.id]);
    expect(page1.data.list[0]).toEqual({
      id: others[2]!.user.id,
      nickname: others[2]!.user.nickname,
      avatar: null,
      blockedAt: expect.any(String),
    });
    const page2 = await callAs(t.app, 'myBlocks', { query: { pageSize: 2, pageNum: 2 } }, me.token);
    expect(page2.data.list.map((u) => u.id)).toEqual([others[0]!.user.id]);
    // Someone else's list is their own.
    expect((await callAs(t.app, 'myBlocks', {}, others[0]!.token)).data.total).toBe(0);
    await unblock(me, others[1]!);
    expect((await callAs(t.app, 'myBlocks', {}, me.token)).data.total).toBe(2);
  });

  it('keeps the blocked person from commenting, replying or notifying the blocker', async () => {
    const [blocker, pest, third] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const own = (await publishText(t.app, blocker, { content: '拉黑者的句子', classificationId: tx.meiju.id })).id;
    const elsewhere = (await publishText(t.app, third, { content: '第三人的句子', classificationId: tx.meiju.id })).id;
    const blockerComment = await comment(blocker, elsewhere, '拉黑者在别处的评论');
    expect((await comment(pest, own, '事先的评论')).code).toBe('00000');
    await block(blocker, pest);

    const onText = await comment(pest, own, '想继续评论');
    expect(onText.status).toBe(403);
    expect(onText.code).toBe('A0301');
    expect(onText.msg).toContain('拉黑');
    expect((await comment(pest, elsewhere, '回复拉黑者', blockerComment.data.id)).code).toBe('A0301');
    // Others, and the pest elsewhere, are not affected.
    expect((await comment(third, own, '路人的评论')).code).toBe('00000');
    expect((await comment(pest, elsewhere, '在别处的普通评论')).code).toBe('00000');

    // A like from the pest does not reach the blocker; one from anyone else does.
    const before = (await unreadOf(blocker)).data.byType.like;
    expect((await like(pest, { essayId: own })).code).toBe('00000');
    expect((await unreadOf(blocker)).data.byType.like).toBe(before);
    await like(third, { essayId: own });
    expect((await unreadOf(blocker)).data.byType.like).toBe(before! + 1);
  });

  it("hides the blocked person's texts and comments from the blocker in lists, feeds and threads — and only from them", async () => {
    const [blocker, pest, other, bystander] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const pestText = (await publishText(t.app, pest, { content: '被拉黑者的句子', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id }))
      .id;
    const otherText = (await publishText(t.app, other, { content: '别人的句子', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id }))
      .id;
    const root = await comment(pest, otherText, '被拉黑者的一级评论');
    const kept = await comment(other, otherText, '别人的一级评论');
    await comment(pest, otherText, '被拉黑者的回复', kept.data.id);
    await comment(bystander, otherText, '路人的回复', kept.data.id);
    await setInterests(blocker, [tx.sixiang.id, tx.tangshi.id, tx.libai.id]);

    const byClass = { classificationId: tx.meiju.id };
    const byTag = { tagId: tx.sixiang.id };
    const before = {
      list: ids(await listNew(blocker)),
      classTotal: (await listNew(blocker, byClass)).data.total,
      tagTotal: (await listNew(blocker, byTag)).data.total,
    };
    expect(before.list).toContain(pestText);
    await block(blocker, pest);

    // Lists (with their exact totals under a classification or a tag), the interest feed.
    expect(ids(await listNew(blocker))).not.toContain(pestText);
    expect(ids(await listNew(blocker))).toContain(otherText);
    const cls = await listNew(blocker, byClass);
    expect(ids(cls)).not.toContain(pestText);
    expect(cls.data.total).toBe(before.classTotal - 1);
    const tag = await listNew(blocker, byTag);
    expect(ids(tag)).not.toContain(pestText);
    expect(tag.data.total).toBe(before.tagTotal - 1);
    expect(ids(await listNew(blocker, { authorId: pest.user.id }))).toEqual([]);
    const hobby = await callAs(t.app, 'hobbyPage', { query: { pageSize: 50 } }, blocker.token);
    expect(ids(hobby)).toContain(otherText);
    expect(ids(hobby)).not.toContain(pestText);
    const perTag = await callAs(t.app, 'hobbyList', {}, blocker.token);
    const perTagIds = perTag.data.flatMap((g) => g.essays.map((e) => e.id));
    expect(perTagIds).toContain(otherText);
    expect(perTagIds).not.toContain(pestText);

    // Comment threads: roots, the replies shown under them, and the replies page.
    const roots = await thread(otherText, blocker);
    const rootIds = roots.data.list.map((c) => c.id);
    expect(rootIds).toEqual([kept.data.id]);
    expect(roots.data.total).toBe(1);
    const replies = roots.data.list[0]!.replies!.map((c) => c.content);
    expect(replies).toEqual(['路人的回复']);
    const children = await callAs(t.app, 'commentChildren', { query: { rootId: kept.data.id } }, blocker.token);
    expect(children.data.list.map((c) => c.content)).toEqual(['路人的回复']);
    expect(children.data.total).toBe(1);

    // Everyone else still sees everything.
    for (const viewer of [bystander, undefined]) {
      expect(ids(await listNew(viewer))).toContain(pestText);
      const seen = await thread(otherText, viewer);
      expect(seen.data.list.map((c) => c.id)).toContain(root.data.id);
      expect(seen.data.list.find((c) => c.id === kept.data.id)!.replies).toHaveLength(2);
    }

    // Unblocking brings it all back.
    await unblock(blocker, pest);
    expect(ids(await listNew(blocker))).toContain(pestText);
    expect((await listNew(blocker, byClass)).data.total).toBe(before.classTotal);
    expect((await thread(otherText, blocker)).data.total).toBe(2);
  });

  it("hides the blocked person's texts from the blocker in rankings, best of the week, imitations, tag lists, likes, collections and the random sentence", async () => {
    const [blocker, pest, other, fan] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const db = t.database.db;
    // The fan and the other writer are established readers, so their likes weigh in full (the pest's extra like
    // keeps its text first on the ranked lists).
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(inArray(users.id, [fan.user.id, other.user.id]));
    // A classification and a tag of this test's own, so each list holds exactly the texts written here.
    const [cls] = await db.insert(classifications).values({ name: '拉黑榜单' }).returning();
    const [tag] = await db.insert(tags).values({ name: '拉黑标签', letter: 'L' }).returning();
    const opts = { classificationId: cls!.id, tagIds: [tag!.id] };
    const pestText = (await publishText(t.app, pest, { content: '被拉黑者的热门句子', ...opts })).id;
    const otherText = (await publishText(t.app, other, { content: '别人的热门句子', ...opts })).id;
    // Engagement puts the pest's text first; the fan's likes and collections are a list the blocker can open.
    for (const id of [pestText, otherText]) {
      await like(fan, { essayId: id });
      await like(fan, { essayId: id, type: 'collect' });
    }
    await like(other, { essayId: pestText });
    await like(other, { essayId: pestText, type: 'collect' });
    // Enough established readers' likes for both to qualify for the ranked lists (new accounts' likes weigh nothing).
    for (const id of [pestText, otherText]) await likedByEstablished(t, id, RANK_MIN_LIKES);
    await comment(other, pestText, '热议');
    const pestImitation = (
      await publishText(t.app, pest, { content: '被拉黑者的仿写', imitateOf: otherText, classificationId: tx.meiju.id })
    ).id;
    const fanImitation = (await publishText(t.app, fan, { content: '读者的仿写', imitateOf: otherText, classificationId: tx.meiju.id })).id;
    // Best of a past week: two texts published then, frozen as that week's list.
    const week = '2026-W30';
    const [pestWeek, otherWeek] = [
      (await publishText(t.app, pest, { content: '被拉黑者的周精选', classificationId: tx.meiju.id })).id,
      (await publishText(t.app, other, { content: '别人的周精选', classificationId: tx.meiju.id })).id,
    ];
    await like(other, { essayId: pestWeek });
    await db
      .update(essays)
      .set({ publishedAt: new Date(weekRange(week).start.getTime() + 3600_000) })
      .where(inArray(essays.id, [pestWeek, otherWeek]));
    expect(await freezeWeek(db, week)).toBe(2);
    await refreshRankings(db, t.app.runtime.broadcast);

    const ranking = (p: Person | undefined, body: CallInput<'ranking'>['body']) =>
      callAs(t.app, 'ranking', { body: { pageSize: 50, ...body } }, p?.token);
    const lists = async (p: Person | undefined) => ({
      ranking: await ranking(p, { period: 'all', classificationId: cls!.id }),
      // The home page's 今日热榜: the day's overall list.
      today: await ranking(p, { period: 'day', pageSize: 10 }),
      todayAll: await ranking(p, { period: 'day' }),
      bestWeek: await callAs(t.app, 'bestWeek', { query: { week } }, p?.token),
      imitations: await callAs(t.app, 'imitations', { params: { id: otherText } }, p?.token),
      hotUnderTag: await callAs(t.app, 'tagHotDiscussed', { params: { id: tag!.id } }, p?.token),
      likes: await callAs(t.app, 'userLikes', { params: { id: fan.user.id } }, p?.token),
      collects: await callAs(t.app, 'userCollects', { params: { id: fan.user.id } }, p?.token),
    });
    const before = await lists(blocker);
    expect(ids(before.ranking)).toEqual([pestText, otherText]);
    expect(ids(before.today)).toContain(pestText);
    expect(ids(before.bestWeek)).toEqual([pestWeek, otherWeek]);
    expect(ids(before.imitations).sort()).toEqual([pestImitation, fanImitation].sort());
    expect(before.hotUnderTag.data.map((e) => e.id)).toEqual([pestText, otherText]);
    expect(ids(before.likes).sort()).toEqual([pestText, otherText].sort());

    await block(blocker, pest);
    const after = await lists(blocker);
    for (const r of Object.values(after)) expect(r.code).toBe('00000');
    // Rankings: the same precomputed list without the pest's texts, ranked from 1 again, with its total.
    expect(ids(after.ranking)).toEqual([otherText]);
    expect(after.ranking.data).toMatchObject({ total: 1, totalCapped: false });
    expect(after.ranking.data.list[0]).toMatchObject({ rank: 1, author: { id: other.user.id } });
    expect(ids(after.today)).not.toContain(pestText);
    expect(before.todayAll.data.total).toBeLessThan(50); // the whole day list is on the page
    const dayPest = before.todayAll.data.list.filter((e) => e.author.id === pest.user.id);
    expect(dayPest.length).toBeGreaterThan(0);
    expect(ids(after.todayAll)).toEqual(ids(before.todayAll).filter((id) => !dayPest.some((e) => e.id === id)));
    expect(after.todayAll.data.total).toBe(before.todayAll.data.total - dayPest.length);
    expect(after.bestWeek.data.list.map((e) => [e.id, e.rank])).toEqual([[otherWeek, 1]]);
    expect(ids(after.imitations)).toEqual([fanImitation]);
    expect(after.imitations.data.total).toBe(1);
    expect(after.hotUnderTag.data.map((e) => e.id)).toEqual([otherText]);
    for (const r of [after.likes, after.collects]) {
      expect(ids(r)).toEqual([otherText]);
      expect(r.data.total).toBe(1);
    }
    // 随机一句 under the tag: the blocker is only ever drawn the other sentence; a visitor sees both in two draws.
    const draw = (p: Person | undefined, token?: string) => callAs(t.app, 'openSentence', { query: { tagId: tag!.id, token } }, p?.token);
    const first = await draw(blocker);
    expect(first.data.id).toBe(otherText);
    expect((await draw(blocker, first.data.token)).data.id).toBe(otherText);
    const seen = await draw(undefined);
    const next = await draw(undefined, seen.data.token);
    expect([seen.data.id, next.data.id].sort()).toEqual([pestText, otherText].sort());

    // Everyone else, signed in or not, sees the lists as they were.
    for (const viewer of [fan, undefined]) {
      const same = await lists(viewer);
      expect(ids(same.ranking)).toEqual([pestText, otherText]);
      expect(ids(same.todayAll)).toEqual(ids(before.todayAll));
      expect(ids(same.bestWeek)).toEqual([pestWeek, otherWeek]);
      expect(same.imitations.data.total).toBe(2);
      expect(same.hotUnderTag.data).toHaveLength(2);
    }

    // Unblocking brings them back.
    await unblock(blocker, pest);
    const again = await lists(blocker);
    expect(ids(again.ranking)).toEqual([pestText, otherText]);
    expect(again.todayAll.data.total).toBe(before.todayAll.data.total);
    expect(ids(again.bestWeek)).toEqual([pestWeek, otherWeek]);
    expect(again.imitations.data.total).toBe(2);
  });

  it("leaves out the blocked person's notifications sent before the block, from the lists and the unread counts", async () => {
    const [blocker, pest, friend] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const own = (await publishText(t.app, blocker, { content: '会收到通知的句子', classificationId: tx.meiju.id })).id;
    for (const p of [pest, friend]) {
      await like(p, { essayId: own });
      await comment(p, own, `${p.user.nickname} 的评论`);
      await follow(p, blocker);
    }
    const inform = (type?: CallInput<'messagesPage'>['query']['type']) =>
      callAs(t.app, 'messagesPage', { query: { pageSize: 50, type } }, blocker.token);
    const actors = (r: { data: { list: { actor: { id: number } | null }[] } }) => r.data.list.map((m) => m.actor?.id);
    const unread = async () => (await unreadOf(blocker)).data;
    expect(await unread()).toMatchObject({ byType: { like: 2, comment: 2, follow: 2 } });

    await block(blocker, pest);
    // Unread counts no longer count the pest's; each list leaves them out, whether read yet or not.
    expect(await unread()).toMatchObject({ byType: { like: 1, comment: 1, follow: 1 } });
    for (const type of ['like', 'comment', 'follow'] as const) {
      const r = await inform(type);
      expect(actors(r), type).toEqual([friend.user.id]);
      expect(r.data.total).toBe(1);
    }
    const all = await inform();
    expect(actors(all)).not.toContain(pest.user.id);
    expect(all.data.list.filter((m) => m.actor?.id === friend.user.id)).toHaveLength(3);
    expect((await unread()).byType).toMatchObject({ like: 0, comment: 0, follow: 0 });

    // The messages were kept: unblocking shows them again (still unread, since they were never shown).
    await unblock(blocker, pest);
    expect((await unread()).byType).toMatchObject({ like: 1, comment: 1, follow: 1 });
    expect(actors(await inform('like'))).toEqual([friend.user.id, pest.user.id]);
  });

  it('cascades with the accounts (no orphan rows)', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    await block(a, b);
    const rows = await t.database.db.select().from(blocks).where(eq(blocks.blockerId, a.user.id));
    expect(rows).toEqual([{ blockerId: a.user.id, blockedId: b.user.id, createdAt: expect.any(Date) }]);
  });
});

describe('consent to the user agreement', () => {
  let ip = 0;
  const register = (body: CallInput<'register'>['body']) =>
    callAs(t.app, 'register', { body }, undefined, { remoteAddress: `192.0.2.${++ip}` });
  const registerUnchecked = (body: object) => callUnchecked(t.app, 'register', { body }, undefined, { remoteAddress: `192.0.2.${++ip}` });

  it('refuses a sign-up without agree: true, naming the field', async () => {
    for (const agree of [undefined, false, 'true', 1]) {
      const r = await registerUnchecked({ username: `noagree_${ip}`, password: 'goodpass123', agree });
      expect(r.status).toBe(400);
      expect(r.code).toBe('A0400');
      expect(r.msg).toMatch(/^请求参数错误：agree /);
    }
    const r = await registerUnchecked({ username: 'noagree_last', password: 'goodpass123' });
    expect(r.msg).toContain('请先阅读并同意用户协议和隐私政策');
    expect(await t.database.db.select().from(users).where(eq(users.username, 'noagree_last'))).toHaveLength(0);
  });

  it('stores the accepted version and time, and tells the client', async () => {
    const started = Date.now();
    const r = await register({ username: 'agreed_user', password: 'goodpass123', agree: true });
    expect(r.code).toBe('00000');
    expect(r.data.userInfo.agreementVersion).toBe(AGREEMENT_VERSION);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'agreed_user'));
    expect(row!.agreementVersion).toBe(AGREEMENT_VERSION);
    expect(row!.agreementAcceptedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const me = await callAs(t.app, 'me', {}, r.data.accessToken);
    expect(me.data.agreementVersion).toBe(AGREEMENT_VERSION);
  });

  it('asks again after a new version: only the current version is accepted', async () => {
    const p = await signUp(t.app);
    const old = new Date('2020-01-01T00:00:00Z');
    await t.database.db.update(users).set({ agreementVersion: '2020-01-01', agreementAcceptedAt: old }).where(eq(users.id, p.user.id));
    expect((await meOf(p)).data.agreementVersion).toBe('2020-01-01');

    const accept = (body: CallInput<'acceptAgreement'>['body'], who?: Person) => callAs(t.app, 'acceptAgreement', { body }, who?.token);
    expect((await accept({ version: AGREEMENT_VERSION })).code).toBe('A0230');
    const stale = await accept({ version: '2020-01-01' }, p);
    expect(stale.code).toBe('A0400');
    expect(stale.msg).toContain(AGREEMENT_VERSION);
    for (const bad of [{}, { version: '' }, { version: 'x'.repeat(21) }, { version: 7 }])
      expect((await callUnchecked(t.app, 'acceptAgreement', { body: bad }, p.token)).code).toBe('A0400');

    const ok = await accept({ version: AGREEMENT_VERSION }, p);
    expect(ok.code).toBe('00000');
    expect(ok.data).toMatchObject({ id: p.user.id, agreementVersion: AGREEMENT_VERSION });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.user.id));
    expect(row!.agreementAcceptedAt!.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('account deletion (注销)', () => {
  const purgeJob = () => JOBS.find((j) => j.name === 'purge-deleted-accounts')!;
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const ask = (p: Person | undefined, body: CallInput<'requestDeletion'>['body']) => callAs(t.app, 'requestDeletion', { body }, p?.token);
  const makeDue = (p: Person) =>
    t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, p.user.id));
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const essayRow = async (id: number) => (await t.database.db.select().from(essays).where(eq(essays.id, id)))[0]!;

  it('needs the signed-in owner, the password and a choice about the content', async () => {
    const p = await signUp(t.app);
    expect((await ask(undefined, { password: p.password, keepContent: true })).code).toBe('A0230');
    expect((await callAs(t.app, 'cancelDeletion')).code).toBe('A0230');
    for (const bad of [
      {},
      { password: p.password },
      { keepContent: true },
      { password: '', keepContent: true },
      { password: p.password, keepContent: 'yes' },
    ]) {
      const r = await callUnchecked(t.app, 'requestDeletion', { body: bad }, p.token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.code).toBe('A0400');
    }
    const wrong = await ask(p, { password: 'not-the-password', keepContent: true });
    expect(wrong.code).toBe('A0210');
    expect((await row(p.user.id)).deletionDueAt).toBeNull();
    for (let i = 0; i < 3; i++) await ask(p, { password: 'not-the-password', keepContent: true });
    // Five tries in the window: the sixth, even with the right password, waits.
    expect((await ask(p, { password: 'not-the-password', keepContent: true })).code).toBe('A0210');
    const limited = await ask(p, { password: p.password, keepContent: true });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('A0211');
  });

  it('is due in 15 days, shown at every sign-in, and cancellable until then', async () => {
    const p = await signUp(t.app);
    const before = Date.now();
    const r = await ask(p, { password: p.password, keepContent: true });
    expect(r.code).toBe('00000');
    const due = new Date(r.data.deletionDueAt!).getTime();
    expect(due - before).toBeGreaterThanOrEqual(DELETION_COOLING_OFF_DAYS * 86_400_000 - 1000);
    expect(due - before).toBeLessThan(DELETION_COOLING_OFF_DAYS * 86_400_000 + 60_000);
    expect((await meOf(p)).data.deletionDueAt).toBe(r.data.deletionDueAt);
    const login = await callAs(t.app, 'login', { body: { username: p.username, password: p.password } });
    expect(login.data.userInfo.deletionDueAt).toBe(r.data.deletionDueAt);
    // Asking again keeps the date, takes the new choice.
    const again = await ask(p, { password: p.password, keepContent: false });
    expect(again.data.deletionDueAt).toBe(r.data.deletionDueAt);
    expect((await row(p.user.id)).deletionKeepContent).toBe(false);

    // The job leaves an account inside its cooling-off alone.
    await purgeJob().run(t.database.db, t.config, quiet, t.app.runtime);
    expect((await row(p.user.id)).status).toBe('active');

    const cancelled = await callAs(t.app, 'cancelDeletion', {}, p.token);
    expect(cancelled.code).toBe('00000');
    expect(cancelled.data.deletionDueAt).toBeNull();
    // Even once the date would have passed, a cancelled request does nothing.
    await purgeJob().run(t.database.db, t.config, quiet, t.app.runtime);
    expect(await row(p.user.id)).toMatchObject({ status: 'active', username: p.username, deletionDueAt: null });
    expect((await meOf(p)).code).toBe('00000');
  });

  it('after the cooling-off removes everything personal and leaves the texts and comments anonymous when kept', async () => {
    const [leaver, friend, author] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const liked = (await publishText(t.app, author, { content: '被喜欢的句子', classificationId: tx.meiju.id })).id;
    const own = (await publishText(t.app, leaver, { content: '注销者保留的句子', classificationId: tx.meiju.id })).id;
    const said = await comment(leaver, liked, '注销者的评论');
    await like(leaver, { essayId: liked });
    await like(leaver, { essayId: liked, type: 'collect' });
    await follow(leaver, friend);
    await follow(friend, leaver);
    await block(leaver, author);
    await unblock(leaver, author);
    await block(leaver, await signUp(t.app));
    await setInterests(leaver, [tx.sixiang.id, tx.tangshi.id, tx.libai.id]);
    await like(friend, { essayId: own }); // a message to the leaver
    expect((await essayRow(liked)).likes).toBe(1);

    await ask(leaver, { password: leaver.password, keepContent: true });
    await makeDue(leaver);
    expect(await purgeJob().run(t.database.db, t.config, quiet, t.app.runtime)).toEqual({ purged: 1 });

    const u = await row(leaver.user.id);
    expect(u).toMatchObject({
      status: 'deleted',
      nickname: '已注销用户',
      username: `~deleted${leaver.user.id}`,
      avatar: null,
      bio: '',
      passwordHash: null,
      wechatOpenid: null,
      agreementVersion: null,
      deletionDueAt: null,
      followerCount: 0,
      followingCount: 0,
    });
    const db = t.database.db;
    for (const [table, col] of [
      [sessions, sessions.userId],
      [likes, likes.userId],
      [collects, collects.userId],
      [interests, interests.userId],
      [messages, messages.userId],
      [blocks, blocks.blockerId],
    ] as const)
      expect(await db.select().from(table).where(eq(col, leaver.user.id))).toHaveLength(0);
    expect(await db.select().from(follows).where(eq(follows.followerId, leaver.user.id))).toHaveLength(0);
    expect(await db.select().from(follows).where(eq(follows.followeeId, leaver.user.id))).toHaveLength(0);
    expect((await row(friend.user.id)).followerCount).toBe(0);
    expect((await row(friend.user.id)).followingCount).toBe(0);
    const likedAfter = await essayRow(liked);
    expect(likedAfter).toMatchObject({ likes: 0, collects: 0, comments: 1 });

    // Signed out everywhere, unknown by name, no profile; the content stays under 已注销用户.
    expect((await meOf(leaver)).code).toBe('A0230');
    expect((await callAs(t.app, 'login', { body: { username: leaver.username, password: leaver.password } })).code).toBe('A0210');
    expect((await profile(leaver.user.id)).code).toBe('A0404');
    const shown = await details(own);
    expect(shown.data.author).toMatchObject({ id: leaver.user.id, nickname: '已注销用户', avatar: null, bio: '' });
    const leaverThread = await thread(liked);
    expect(leaverThread.data.list.find((c) => c.id === said.data.id)!.user).toEqual({
      id: leaver.user.id,
      nickname: '已注销用户',
      avatar: null,
    });
    // Its username is free for someone new.
    const reuse = await callAs(
      t.app,
      'register',
      { body: { username: leaver.username, password: 'goodpass123', agree: true } },
      undefined,
      {
        remoteAddress: '198.51.100.7',
      },
    );
    expect(reuse.code).toBe('00000');
  });

  describe('uploaded files', () => {
    const image = async (p: Person, background: string) => {
      const data = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer();
      const r = await callAs(t.app, 'upload', {}, p.token, multipart([{ name: 'file', filename: 'a.png', data }]));
      expect(r.code).toBe('00000');
      return r.data.url;
    };
    const onDisk = (url: string) => fs.existsSync(path.join(t.config.uploadDir, url.slice('/uploads/'.length)));
    const setAvatar = async (p: Person, avatar: string) =>
      expect((await callAs(t.app, 'updateMe', { body: { avatar } }, p.token)).code).toBe('00000');
    /** An essay with a cover and an image in its text. */
    let illustratedCount = 0;
    // Each its own words: an exact repeat of a published text is refused.
    const illustrated = async (p: Person, cover: string, inline: string) => {
      const r = await publishText(t.app, p, {
        type: 'essay',
        title: '有图的美文',
        content: `<p>图文第${++illustratedCount}篇</p><p><img src="${inline}" alt="插图"></p>`,
        cover,
        classificationId: tx.sanwen.id,
      });
      return r.id;
    };
    const leave = async (p: Person, keepContent: boolean) => {
      expect((await ask(p, { password: p.password, keepContent })).code).toBe('00000');
      await makeDue(p);
      await purgeJob().run(t.database.db, t.config, quiet, t.app.runtime);
      expect((await row(p.user.id)).status).toBe('deleted');
    };

    it('removes the avatar file; the images of texts kept as 已注销用户 stay', async () => {
      const leaver = await signUp(t.app);
      const [avatar, cover, inline] = [await image(leaver, '#a01010'), await image(leaver, '#10a010'), await image(leaver, '#1010a0')];
      await setAvatar(leaver, avatar);
      const text = await illustrated(leaver, cover, inline);
      for (const url of [avatar, cover, inline]) expect(onDisk(url)).toBe(true);

      await leave(leaver, true);
      expect(onDisk(avatar)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
      expect(onDisk(cover)).toBe(true);
      expect(onDisk(inline)).toBe(true);
      const kept = await details(text);
      expect(kept.data).toMatchObject({ cover, author: { nickname: '已注销用户', avatar: null } });
      expect(kept.data.content).toContain(inline);
    });

    it("removes the texts' images with the texts, but never a file someone else still shows", async () => {
      const [leaver, other] = [await signUp(t.app), await signUp(t.app)];
      const [avatar, cover, inline] = [await image(leaver, '#c06000'), await image(leaver, '#00c0c0'), await image(leaver, '#c000c0')];
      await setAvatar(leaver, avatar);
      await illustrated(leaver, cover, inline);
      // The same picture uploaded by someone else is the same file (stored by content): it is their avatar too.
      const shared = await image(leaver, '#606060');
      await illustrated(leaver, await image(leaver, '#206020'), shared);
      expect(await image(other, '#606060')).toBe(shared);
      await setAvatar(other, shared);

      await leave(leaver, false);
      for (const url of [avatar, cover, inline]) expect(onDisk(url), url).toBe(false);
      expect(onDisk(shared)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: shared })).statusCode).toBe(200);
    });
  });

  it('removes the texts and comments too when the user chose so, with every count kept exact', async () => {
    const [leaver, reader] = [await signUp(t.app), await signUp(t.app)];
    const classBefore = (await listNew(undefined, { classificationId: tx.sanwen.id })).data.total;
    const own = (await publishText(t.app, leaver, { content: '将被删除的句子', classificationId: tx.sanwen.id })).id;
    const elsewhere = (await publishText(t.app, reader, { content: '读者的句子', classificationId: tx.meiju.id })).id;
    const root = await comment(leaver, elsewhere, '注销者的一级评论');
    await comment(reader, elsewhere, '读者在其下的回复', root.data.id);
    const kept = await comment(reader, elsewhere, '读者自己的评论');
    await comment(leaver, elsewhere, '注销者的回复', kept.data.id);
    expect((await essayRow(elsewhere)).comments).toBe(4);

    await ask(leaver, { password: leaver.password, keepContent: false });
    await makeDue(leaver);
    await purgeJob().run(t.database.db, t.config, quiet, t.app.runtime);

    expect((await essayRow(own)).status).toBe('deleted');
    expect((await listNew(undefined, { classificationId: tx.sanwen.id })).data.total).toBe(classBefore);
    expect((await details(own)).code).toBe('A0404');
    const after = await essayRow(elsewhere);
    // Their root went with the reply under it; their reply under someone else's comment went too.
    expect(after.comments).toBe(1);
    const remaining = await thread(elsewhere);
    expect(remaining.data.list.map((c) => c.id)).toEqual([kept.data.id]);
    expect(remaining.data.list[0]).toMatchObject({ replyCount: 0, replies: [] });
    const left = await t.database.db.select().from(comments).where(eq(comments.userId, leaver.user.id));
    expect(left.every((c) => c.status === 'deleted')).toBe(true);
    expect((await row(leaver.user.id)).essayCount).toBe(0);
  });
});
