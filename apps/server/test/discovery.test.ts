import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CallInput } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';
import { publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { essays, users } from '../src/db/schema.js';
import { freezeWeek } from '../src/modules/discovery/index.js';
import { refreshRanking, refreshRankings } from '../src/modules/discovery/index.js';
import { isoWeekOf, previousWeek, weekRange } from '@shiju/contract/core';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
type Person = Awaited<ReturnType<typeof signUp>>;
let writer: Person, reader: Person;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  [writer, reader] = [await signUp(t.app), await signUp(t.app)];
});
afterAll(async () => t?.close());

describe('ISO weeks on the Shanghai calendar', () => {
  it('names weeks and their Monday-to-Monday ranges', () => {
    expect(isoWeekOf(new Date('2026-11-22T12:00:00Z'))).toBe('2026-W47');
    // Sunday 16:30 UTC is already Monday 00:30 in Shanghai
    expect(isoWeekOf(new Date('2026-11-22T16:30:00Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2027-01-01T04:00:00Z'))).toBe('2026-W53');
    const { start, end } = weekRange('2026-W47');
    expect(start.toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(previousWeek(new Date('2026-11-22T12:00:00Z'))).toBe('2026-W46');
  });
});

describe('interests and the personal feed', () => {
  it('needs at least 3 existing tags, and replaces them on update', async () => {
    const tooFew = await callAs(t.app, 'createInterests', { body: { tagIds: [tx.tangshi.id] } }, reader.token);
    expect(tooFew.code).toBe('A0400');
    expect(tooFew.msg).toContain('tagIds');
    const unknown = await callAs(t.app, 'createInterests', { body: { tagIds: [tx.tangshi.id, tx.sixiang.id, 999999] } }, reader.token);
    expect(unknown.code).toBe('A0400');
    expect(unknown.msg).toContain('999999');
    const dup = await callAs(t.app, 'createInterests', { body: { tagIds: [tx.tangshi.id, tx.tangshi.id, tx.sixiang.id] } }, reader.token);
    expect(dup.code).toBe('A0400');
    const ok = await callAs(t.app, 'createInterests', { body: { tagIds: [tx.tangshi.id, tx.sixiang.id, tx.dufu.id] } }, reader.token);
    expect(ok.data.tagIds.sort()).toEqual([tx.tangshi.id, tx.sixiang.id, tx.dufu.id].sort());
    const upd = await callAs(t.app, 'updateInterests', { body: { tagIds: [tx.tangshi.id, tx.sixiang.id, tx.libai.id] } }, reader.token);
    expect(upd.code).toBe('00000');
    const got = await callAs(t.app, 'getInterests', {}, reader.token);
    expect(got.data.tagIds.sort()).toEqual([tx.tangshi.id, tx.sixiang.id, tx.libai.id].sort());
    expect((await callAs(t.app, 'getInterests')).code).toBe('A0230');
  });

  it('feeds texts under interest tags (and their children), minus own and uninterested', async () => {
    const underChild = (
      await publishText(t.app, writer, { content: '天生我材必有用', tagIds: [tx.libai.id], classificationId: tx.meiju.id })
    ).id;
    const underSixiang = (
      await publishText(t.app, writer, { content: '举头望明月，低头思故乡', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id })
    ).id;
    const hidden = (
      await publishText(t.app, writer, { content: '这一句我不感兴趣', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id })
    ).id;
    const own = (await publishText(t.app, reader, { content: '我自己的句子', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id })).id;
    const elsewhere = (await publishText(t.app, writer, { content: '没有标签的句子', classificationId: tx.meiju.id })).id;
    await callAs(t.app, 'uninterested', { params: { id: hidden } }, reader.token);
    const feed = await callAs(t.app, 'hobbyPage', { query: { pageSize: 50 } }, reader.token);
    const ids = feed.data.list.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([underChild, underSixiang]));
    for (const x of [hidden, own, elsewhere]) expect(ids).not.toContain(x);
    expect(feed.data).toMatchObject({ total: ids.length, totalCapped: false });
    const groups = await callAs(t.app, 'hobbyList', {}, reader.token);
    expect(groups.data.map((g) => g.tag.name).sort()).toEqual(['唐诗', '思乡', '李白'].sort());
    expect(groups.data.find((g) => g.tag.name === '李白')!.essays.map((e) => e.id)).toEqual([underChild]);
  });

  it('keeps the feed total between pages but follows a mark, a new text and new interests at once', async () => {
    const feed = async (pageNum = 1) => (await callAs(t.app, 'hobbyPage', { query: { pageSize: 1, pageNum } }, reader.token)).data;
    // A text written behind the app's back (no cache is told): the kept total does not see it until dropped.
    const quietly = async (content: string) => {
      const [row] = (
        await t.database.db.execute<{ id: number }>(
          sql`insert into essays (type, content, summary, author_id, classification_id, status, published_at)
              values ('sentence', ${content}, ${content}, ${writer.user.id}, ${tx.meiju.id}, 'published', now()) returning id`,
        )
      ).rows;
      await t.database.db.execute(sql`insert into essay_tags (essay_id, tag_id) values (${row!.id}, ${tx.sixiang.id})`);
    };
    const first = await feed();
    expect(first.total).toBeGreaterThan(1);
    await quietly('悄悄写入的第一句');
    expect((await feed(2)).total).toBe(first.total);
    // A new text through the app drops it in every process.
    const added = (await publishText(t.app, writer, { content: '新写的思乡之句', tagIds: [tx.sixiang.id], classificationId: tx.meiju.id }))
      .id;
    const afterNew = await feed();
    expect(afterNew.total).toBe(first.total + 2);
    expect(afterNew.list[0]!.id).toBe(added);
    // So does a mark 不感兴趣 (here on a text outside the feed, so only the quiet one moves the count).
    await quietly('悄悄写入的第二句');
    expect((await feed(2)).total).toBe(first.total + 2);
    const untagged = (await publishText(t.app, writer, { content: '一句没有标签的话', classificationId: tx.meiju.id })).id;
    expect((await feed()).total).toBe(first.total + 3);
    await quietly('悄悄写入的第三句');
    expect((await feed(2)).total).toBe(first.total + 3);
    await callAs(t.app, 'uninterested', { params: { id: untagged } }, reader.token);
    expect((await feed()).total).toBe(first.total + 4);
    // And new interests.
    await callAs(t.app, 'updateInterests', { body: { tagIds: [tx.tangshi.id, tx.dufu.id, tx.libai.id] } }, reader.token);
    const narrower = await feed();
    expect(narrower.total).toBeLessThan(first.total);
    expect(narrower.list.map((e) => e.id)).not.toContain(added);
  });
});

describe('rankings', () => {
  it('ranks by likes inside the period (established accounts), never by freshness alone, and 总榜 over all time', async () => {
    const old = (await publishText(t.app, writer, { content: '旧文但今天很热', classificationId: tx.meiju.id })).id;
    const fresh = (await publishText(t.app, writer, { content: '今天新发的一句', classificationId: tx.meiju.id })).id;
    await t.database.db.execute(sql`update essays set published_at = now() - interval '40 days', likes = 1000 where id = ${old}`);
    const fans = await Promise.all([1, 2, 3].map(() => signUp(t.app)));
    // Established readers: accounts older than the contract's LIKE_WEIGHT_FULL_DAYS, so their likes count in full.
    for (const f of fans)
      await t.database.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
        .where(eq(users.id, f.user.id));
    for (const f of fans) await callAs(t.app, 'like', { body: { essayId: old } }, f.token);
    const ranking = (body: CallInput<'ranking'>['body']) => callAs(t.app, 'ranking', { body });
    // The lists are computed by the rankings job: nothing shows before it runs, and the likes count once it has.
    expect((await ranking({ period: 'day' })).data).toMatchObject({ list: [], total: 0, totalCapped: false });
    await refreshRankings(t.database.db, t.app.runtime.broadcast);
    const day = await callAs(t.app, 'ranking', { body: { period: 'day', pageSize: 50 } });
    const dayIds = day.data.list.map((e) => e.id);
    expect(dayIds).toContain(old);
    // A new text nobody liked is not listed, however fresh (docs/decisions/0016).
    expect(dayIds).not.toContain(fresh);
    const oldEntry = day.data.list.find((e) => e.id === old);
    expect(oldEntry!.likers).toBe(3); // three likes today, not its 1003 all-time likes
    expect(day.data.list.map((e) => e.rank)).toEqual(day.data.list.map((_, i) => i + 1));
    expect(day.data).toMatchObject({ total: day.data.list.length, totalCapped: false });
    const byClass = await ranking({ period: 'day', classificationId: tx.meiju.id, pageSize: 50 });
    expect(byClass.data.list.map((e) => e.id)).toEqual(dayIds);
    expect((await ranking({ period: 'day', classificationId: tx.sanwen.id })).data.list).toEqual([]);
    const all = await callAs(t.app, 'ranking', { body: { period: 'all' } });
    expect(all.data.list[0]!.id).toBe(old);
    const essaysOnly = await callAs(t.app, 'ranking', { body: { period: 'all', type: 'essay' } });
    expect(essaysOnly.data.list.every((e) => e.type === 'essay')).toBe(true);
    expect((await callUnchecked(t.app, 'ranking', { body: { period: 'year' } })).code).toBe('A0400');
  });
  it('reads the library in chunks, with the same lists as one pass over it', async () => {
    // Twelve texts in two classifications and both types, their all-time scores set with ties (the newer id first).
    const made: number[] = [];
    for (let i = 0; i < 12; i++)
      made.push(
        (
          await publishText(t.app, writer, {
            content: `分块排行第${i}句`,
            classificationId: i % 3 === 0 ? tx.sanwen.id : tx.meiju.id,
            ...(i % 4 === 0 ? { type: 'essay', title: `分块排行第${i}篇` } : {}),
          })
        ).id,
      );
    for (const [i, id] of made.entries())
      await t.database.db.execute(sql`update essays set hot_score = ${(i % 5) + 1}, like_weight = 10 where id = ${id}`);
    const at = new Date();
    const entries = async () =>
      (
        await t.database.db.execute<{ id: number }>(sql`select essay_id as id from ranking_entries where period = 'all' order by essay_id`)
      ).rows.map((r) => Number(r.id));
    // One pass over the whole library (a single chunk), then chunks of three ids: most chunks' candidates are
    // dropped when merged, two places per list.
    await refreshRanking(t.database.db, 'all', at, { depth: 2 });
    const onePass = await entries();
    // Worked out by hand: the first two of each list (overall, per classification, per type, per both).
    expect(onePass).toEqual([0, 2, 3, 4, 7, 8, 9].map((i) => made[i]));
    await refreshRanking(t.database.db, 'all', at, { chunk: 3, depth: 2 });
    expect(await entries()).toEqual(onePass);
  });
});

describe('best of the week', () => {
  it('freezes the top texts of a past week once and serves past weeks', async () => {
    const empty = await callAs(t.app, 'bestWeek');
    expect(empty.data).toEqual({ week: null, weeks: [], list: [] });
    const ids = [
      (await publishText(t.app, writer, { content: '精选一', classificationId: tx.meiju.id })).id,
      (await publishText(t.app, writer, { content: '精选二', classificationId: tx.meiju.id })).id,
      (await publishText(t.app, writer, { content: '精选三', classificationId: tx.meiju.id })).id,
    ];
    const { start } = weekRange('2026-W40');
    for (const [i, id] of ids.entries())
      await t.database.db
        .update(essays)
        .set({ publishedAt: new Date(start.getTime() + 3600_000 * (i + 1)), likes: 10 * (i + 1) })
        .where(eq(essays.id, id));
    expect(await freezeWeek(t.database.db, '2026-W40')).toBe(3);
    expect(await freezeWeek(t.database.db, '2026-W40')).toBe(0);
    const r = await callAs(t.app, 'bestWeek', { query: { week: '2026-W40' } });
    expect(r.data.week).toBe('2026-W40');
    expect(r.data.weeks).toContain('2026-W40');
    expect(r.data.list.map((e) => e.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(r.data.list[0]!.rank).toBe(1);
    expect((await callAs(t.app, 'bestWeek')).data.week).toBe('2026-W40');
    expect((await callAs(t.app, 'bestWeek', { query: { week: '2026-W41' } })).code).toBe('A0404');
    expect((await callAs(t.app, 'bestWeek', { query: { week: '2026-47' } })).code).toBe('A0400');
  });
});

describe('search', () => {
  it('finds texts by Chinese words, people and tags, with highlights', async () => {
    const id = (await publishText(t.app, writer, { content: '两岸猿声啼不住，轻舟已过万重山。', classificationId: tx.meiju.id })).id;
    const r = await callAs(t.app, 'search', { query: { q: '轻舟' } });
    expect(r.data.list.map((e) => e.id)).toContain(id);
    expect(r.data.highlights).toContain('轻舟');
    const users = await callAs(t.app, 'search', { query: { type: 'user', q: writer.username } });
    expect(users.data.list[0]!.id).toBe(writer.user.id);
    expect(users.data.list[0]).not.toHaveProperty('passwordHash');
    // Each hit says which kind it is and carries exactly that kind's fields (the contract's SearchHit).
    expect(Object.keys(users.data.list[0]!).sort()).toEqual(['avatar', 'bio', 'essays', 'followers', 'id', 'kind', 'nickname']);
    expect(r.data.list.every((e) => e.kind === 'essay' && typeof e.summary === 'string')).toBe(true);
    const tags = await callAs(t.app, 'search', { query: { type: 'tag', q: '李' } });
    expect(tags.data.list.map((x) => (x.kind === 'tag' ? x.name : x.kind))).toContain('李白');
    expect(Object.keys(tags.data.list[0]!).sort()).toEqual(['essayCount', 'id', 'kind', 'letter', 'name', 'parentId']);
    const weird = await callAs(t.app, 'search', { query: { q: "%_'&|!():*" } });
    expect(weird.code).toBe('00000');
    expect((await callAs(t.app, 'search', { query: { q: '' } })).code).toBe('A0400');
    expect((await callAs(t.app, 'search', { query: { q: '长'.repeat(51) } })).code).toBe('A0400');
  });
});
