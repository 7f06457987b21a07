/**
 * 屏蔽 (muting): a reader mutes a tag, a classification, a 作者 or a poster; those texts leave their feeds, rankings
 * (the shared list filtered, the page filled from the next entries), 随机一句 and search suggestions, but not an
 * explicit search. Bad input answers A0400 naming the field, a mute is its owner's alone, and there is a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MUTE_LIMIT, RANK_MIN_LIKES } from '@shiju/contract';
import { strFromU8, unzipSync } from 'fflate';
import { callAs, callUnchecked, createTestApp, routeOf, type TestContext } from './helper.js';
import { likedByEstablished, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { classifications, mutes, tags, users } from '../src/db/schema.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { JOBS } from '../src/jobs/scheduler.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
});
afterAll(async () => t?.close());

const mute = (p: TestUser, body: { kind: 'tag' | 'classification' | 'author' | 'user'; targetId?: number; name?: string }) =>
  callAs(t.app, 'createMute', { body }, p.token);
const listOf = async (p: TestUser) => (await callAs(t.app, 'myMutes', {}, p.token)).data;
const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((e) => e.id);

describe('muting and unmuting', () => {
  it('needs a signed-in reader and answers A0400 naming the field for bad input', async () => {
    const p = await makeUser(t.app);
    expect((await callAs(t.app, 'myMutes', {})).code).toBe('A0230');
    expect((await callAs(t.app, 'createMute', { body: { kind: 'tag', targetId: tx.tangshi.id } })).code).toBe('A0230');
    const cases: [object, string][] = [
      [{ kind: 'tag' }, 'targetId'],
      [{ kind: 'author' }, 'name'],
      [{ kind: 'author', name: '李白', targetId: 3 }, 'targetId'],
      [{ kind: 'user', targetId: 1, name: '某人' }, 'name'],
      [{ kind: 'poem', targetId: 1 }, 'kind'],
      [{ kind: 'author', name: 'x'.repeat(41) }, 'name'],
      [{ kind: 'tag', targetId: 999999 }, 'targetId'],
      [{ kind: 'classification', targetId: 999999 }, 'targetId'],
      [{ kind: 'user', targetId: 999999 }, 'targetId'],
      [{ kind: 'user', targetId: p.user.id }, 'targetId'],
    ];
    for (const [body, field] of cases) {
      const r = await callUnchecked(t.app, 'createMute', { body }, p.token);
      expect(r.code, JSON.stringify(body)).toBe('A0400');
      expect(r.msg, JSON.stringify(body)).toContain(field);
    }
    expect((await listOf(p)).total).toBe(0);
    expect((await callAs(t.app, 'deleteMute', { params: { id: 'abc' } }, p.token)).code).toBe('A0400');
  });

  it('lists mutes by name, newest first; muting twice is one mute; only the owner undoes one', async () => {
    const p = await makeUser(t.app);
    const other = await makeUser(t.app);
    const poster = await makeUser(t.app);
    const a = await mute(p, { kind: 'tag', targetId: tx.tangshi.id });
    expect(a.data).toMatchObject({ kind: 'tag', targetId: tx.tangshi.id, name: '唐诗' });
    await mute(p, { kind: 'classification', targetId: tx.sanwen.id });
    await mute(p, { kind: 'author', name: '  杜甫 ' });
    const u = await mute(p, { kind: 'user', targetId: poster.user.id });
    expect(u.data).toMatchObject({ kind: 'user', targetId: poster.user.id, name: poster.user.nickname });
    const again = await mute(p, { kind: 'tag', targetId: tx.tangshi.id });
    expect(again.data.id).toBe(a.data.id);
    const list = await listOf(p);
    expect(list.total).toBe(4);
    expect(list.list.map((m) => [m.kind, m.name])).toEqual([
      ['user', poster.user.nickname],
      ['author', '杜甫'],
      ['classification', '散文'],
      ['tag', '唐诗'],
    ]);
    // Someone else's mute: A0301 and nothing changes; an unknown one: A0404.
    const theirs = await callAs(t.app, 'deleteMute', { params: { id: a.data.id } }, other.token);
    expect(theirs.code).toBe('A0301');
    expect((await listOf(p)).total).toBe(4);
    expect((await callAs(t.app, 'deleteMute', { params: { id: 99999999 } }, p.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'deleteMute', { params: { id: a.data.id } }, p.token)).code).toBe('00000');
    expect((await listOf(p)).list.map((m) => m.kind)).toEqual(['user', 'author', 'classification']);
    // A mute of a tag that editors delete goes with it.
    const [gone] = await t.database.db.insert(tags).values({ name: '将删标签', letter: 'J' }).returning();
    await mute(p, { kind: 'tag', targetId: gone!.id });
    await t.database.db.delete(tags).where(eq(tags.id, gone!.id));
    expect((await listOf(p)).total).toBe(3);
  });

  it('keeps at most MUTE_LIMIT mutes per reader', async () => {
    const p = await makeUser(t.app);
    await t.database.db
      .insert(mutes)
      .values(Array.from({ length: MUTE_LIMIT }, (_, i) => ({ userId: p.user.id, kind: 'author' as const, authorName: `作者${i}` })));
    const over = await mute(p, { kind: 'author', name: '又一位作者' });
    expect(over.code).toBe('A0400');
    expect(over.msg).toContain(String(MUTE_LIMIT));
    // Muting what is already muted is not a new mute.
    expect((await mute(p, { kind: 'author', name: '作者3' })).code).toBe('00000');
    await callAs(t.app, 'deleteMute', { params: { id: (await listOf(p)).list[0]!.id } }, p.token);
    expect((await mute(p, { kind: 'author', name: '又一位作者' })).code).toBe('00000');
  });
});

describe('what a mute leaves out', () => {
  it('the interest feed and its total, and the newest per interest', async () => {
    const writer = await makeUser(t.app);
    const other = await makeUser(t.app);
    const reader = await makeUser(t.app);
    await callAs(t.app, 'createInterests', { body: { tagIds: [tx.tangshi.id, tx.sixiang.id, tx.dufu.id] } }, reader.token);
    const byTag = (await publishText(t.app, writer, { content: '床前明月光', classificationId: tx.meiju.id, tagIds: [tx.libai.id] })).id;
    const byClass = (await publishText(t.app, writer, { content: '散文里的乡愁', classificationId: tx.sanwen.id, tagIds: [tx.sixiang.id] }))
      .id;
    const byAuthor = (
      await publishText(t.app, writer, {
        content: '露从今夜白',
        classificationId: tx.meiju.id,
        tagIds: [tx.sixiang.id],
        workAuthor: '杜甫',
      })
    ).id;
    const byPoster = (await publishText(t.app, other, { content: '别人写的思乡', classificationId: tx.meiju.id, tagIds: [tx.sixiang.id] }))
      .id;
    const kept = (await publishText(t.app, writer, { content: '留下的一句', classificationId: tx.meiju.id, tagIds: [tx.sixiang.id] })).id;
    const feed = async () => {
      const r = await callAs(t.app, 'hobbyPage', { query: { pageSize: 50 } }, reader.token);
      return { ids: ids(r), total: r.data.total };
    };
    const before = await feed();
    expect(before.ids).toEqual(expect.arrayContaining([byTag, byClass, byAuthor, byPoster, kept]));

    // A first-level tag mutes its second-level tags too (李白 is under 唐诗).
    await mute(reader, { kind: 'tag', targetId: tx.tangshi.id });
    await mute(reader, { kind: 'classification', targetId: tx.sanwen.id });
    await mute(reader, { kind: 'author', name: '杜甫' });
    await mute(reader, { kind: 'user', targetId: other.user.id });
    const after = await feed();
    for (const id of [byTag, byClass, byAuthor, byPoster]) expect(after.ids).not.toContain(id);
    expect(after.ids).toContain(kept);
    expect(after.total).toBe(before.total - 4);
    const groups = (await callAs(t.app, 'hobbyList', {}, reader.token)).data;
    const shown = groups.flatMap((g) => g.essays.map((e) => e.id));
    for (const id of [byTag, byClass, byAuthor, byPoster]) expect(shown).not.toContain(id);
    // Another reader's feed is untouched; undoing a mute brings the texts back.
    const mine = (await listOf(reader)).list.find((m) => m.kind === 'user')!;
    await callAs(t.app, 'deleteMute', { params: { id: mine.id } }, reader.token);
    expect((await feed()).ids).toContain(byPoster);
  });

  it('rankings: the shared list filtered for the muter, pages filled from the next entries; others see the whole list', async () => {
    const db = t.database.db;
    const [cls] = await db.insert(classifications).values({ name: '屏蔽榜单' }).returning();
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const reader = await makeUser(t.app);
    const texts: number[] = [];
    for (const [who, n] of [
      [a, 6],
      [b, 5],
      [a, 4],
      [b, 3],
    ] as const) {
      const id = (await publishText(t.app, who, { content: `榜单上的一句 ${n}`, classificationId: cls!.id })).id;
      await likedByEstablished(t, id, RANK_MIN_LIKES + n);
      texts.push(id);
    }
    await refreshRankings(db, t.app.runtime.broadcast);
    const page = (p: TestUser | undefined, pageNum: number) =>
      callAs(t.app, 'ranking', { body: { period: 'all', classificationId: cls!.id, pageSize: 2, pageNum } }, p?.token);
    // A visitor's page is kept for everyone; the muter's is filtered after, not from that kept page.
    const visitor = await page(undefined, 1);
    expect(ids(visitor)).toEqual([texts[0], texts[1]]);
    await mute(reader, { kind: 'user', targetId: a.user.id });
    const first = await page(reader, 1);
    expect(ids(first)).toEqual([texts[1], texts[3]]);
    expect(first.data.list.map((e) => e.rank)).toEqual([1, 2]);
    expect(first.data.total).toBe(2);
    expect(ids(await page(reader, 2))).toEqual([]);
    expect(ids(await page(undefined, 1))).toEqual([texts[0], texts[1]]);
    expect((await page(undefined, 1)).data.total).toBe(4);
    expect(ids(await page(a, 1))).toEqual([texts[0], texts[1]]);
  });

  it('随机一句 never draws a muted text; others still get it', async () => {
    const [tag] = await t.database.db.insert(tags).values({ name: '屏蔽随机', letter: 'P' }).returning();
    const writer = await makeUser(t.app);
    const reader = await makeUser(t.app);
    const mutedId = (
      await publishText(t.app, writer, {
        content: '被屏蔽作者的句子',
        classificationId: tx.meiju.id,
        tagIds: [tag!.id],
        workAuthor: '屏蔽君',
      })
    ).id;
    const keptId = (await publishText(t.app, writer, { content: '可以抽到的句子', classificationId: tx.meiju.id, tagIds: [tag!.id] })).id;
    await mute(reader, { kind: 'author', name: '屏蔽君' });
    const drawn = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const r = await callAs(t.app, 'openSentence', { query: { tagId: tag!.id } }, reader.token);
      expect(r.code).toBe('00000');
      drawn.add(r.data.id);
    }
    expect([...drawn]).toEqual([keptId]);
    // The filter is the reader's own: a visitor who was just drawn the kept sentence is drawn the muted one next.
    const first = await callAs(t.app, 'openSentence', { query: { tagId: tag!.id } });
    const next = await callAs(t.app, 'openSentence', { query: { tagId: tag!.id, token: first.data.token } });
    expect([first.data.id, next.data.id].sort()).toEqual([mutedId, keptId].sort());
    // With both muted, nothing is left to draw for the reader.
    await mute(reader, { kind: 'tag', targetId: tag!.id });
    expect((await callAs(t.app, 'openSentence', { query: { tagId: tag!.id } }, reader.token)).code).toBe('A0404');
  });

  it('search suggestions leave muted 作者, tags and works out; an explicit search still finds them', async () => {
    const [tag] = await t.database.db.insert(tags).values({ name: '蝉鸣静谧', letter: 'C' }).returning();
    const writer = await makeUser(t.app);
    const reader = await makeUser(t.app);
    const essay = (
      await publishText(t.app, writer, {
        type: 'essay',
        title: '蝉鸣静谧之夏',
        content: '<p>夏天的午后，蝉鸣四起。</p>',
        classificationId: tx.sanwen.id,
        tagIds: [tag!.id],
        workAuthor: '蝉鸣居士',
      })
    ).id;
    const suggest = async (p?: TestUser) => (await callAs(t.app, 'searchSuggest', { query: { q: '蝉鸣' } }, p?.token)).data;
    const before = await suggest(reader);
    expect(before.works.map((w) => w.id)).toContain(essay);
    expect(before.tags.map((x) => x.id)).toContain(tag!.id);
    await mute(reader, { kind: 'tag', targetId: tag!.id });
    const after = await suggest(reader);
    expect(after.tags.map((x) => x.id)).not.toContain(tag!.id);
    expect(after.works.map((w) => w.id)).not.toContain(essay);
    // Others still see them; the muter's explicit search still finds the text.
    expect((await suggest(writer)).works.map((w) => w.id)).toContain(essay);
    const found = await callAs(t.app, 'search', { query: { q: '蝉鸣静谧之夏', type: 'essay' } }, reader.token);
    expect(ids(found)).toContain(essay);
  });

  it('a muted poster’s texts leave the following feed', async () => {
    const poster = await makeUser(t.app);
    const reader = await makeUser(t.app);
    await callAs(t.app, 'follow', { params: { id: poster.user.id } }, reader.token);
    const shown = (await publishText(t.app, poster, { content: '关注的人写的', classificationId: tx.meiju.id })).id;
    const hidden = (await publishText(t.app, poster, { content: '关注的人写的散文句', classificationId: tx.sanwen.id })).id;
    await mute(reader, { kind: 'classification', targetId: tx.sanwen.id });
    const feed = await callAs(t.app, 'followingFeed', { query: { pageSize: 20 } }, reader.token);
    expect(ids(feed)).toContain(shown);
    expect(ids(feed)).not.toContain(hidden);
  });
});

describe('a reader’s mutes in the data export and account deletion', () => {
  it('exports mutes.json by name and deletes them (and others’ mutes of the account) with the account', async () => {
    const p = await makeUser(t.app);
    const fan = await makeUser(t.app);
    await mute(p, { kind: 'author', name: '王维' });
    await mute(p, { kind: 'tag', targetId: tx.sixiang.id });
    await mute(fan, { kind: 'user', targetId: p.user.id });
    // The export is a zip, not an envelope: read as the response came.
    const res = await t.app.inject({ ...routeOf('exportData'), headers: { authorization: `Bearer ${p.token}` } });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const exported = JSON.parse(strFromU8(files['shiju-export/mutes.json']!));
    expect(exported.map((m: { kind: string; name: string }) => [m.kind, m.name])).toEqual([
      ['tag', '思乡'],
      ['author', '王维'],
    ]);

    await callAs(t.app, 'requestDeletion', { body: { password: p.password, keepContent: true } }, p.token);
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, p.user.id));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    await JOBS.find((j) => j.name === 'purge-deleted-accounts')!.run(t.database.db, t.config, quiet, t.app.runtime);
    expect(await t.database.db.select().from(mutes).where(eq(mutes.userId, p.user.id))).toEqual([]);
    expect(await t.database.db.select().from(mutes).where(eq(mutes.mutedUserId, p.user.id))).toEqual([]);
  });
});
