/** What keeps lists, details and rankings fast on a large corpus: capped totals, counters, round trips, rankings. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ENGAGEMENT_WEIGHTS, hotScoreOf, TOTAL_CAP, type CallInput } from '@shiju/contract';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { makeAdmin, publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { classifications, essays, rankingEntries, tags } from '../src/db/schema.js';
import { refreshRankings } from '../src/modules/discovery/index.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
type Person = Awaited<ReturnType<typeof signUp>>;
let bulkAuthor: Person, reader: Person;
const BULK = TOTAL_CAP + 5;

const list = (body: CallInput<'essaysPage'>['body'], token?: string) => callAs(t.app, 'essaysPage', { body }, token);
const details = (id: number, token?: string) => callAs(t.app, 'essayDetails', { body: { id } }, token);

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  [bulkAuthor, reader] = [await signUp(t.app), await signUp(t.app)];
  const db = t.database.db;
  // More texts than the cap, under 散文 and tagged 思乡, with their counters kept as the write path keeps them.
  await db.execute(sql`insert into essays (type, content, summary, author_id, classification_id, status, published_at, search_vector)
    select 'sentence', '批量第' || g || '句', '批量第' || g || '句', ${bulkAuthor.user.id}, ${tx.sanwen.id}, 'published', now() - g * interval '1 minute',
      to_tsvector('simple', '批量')
    from generate_series(1, ${BULK}) g`);
  await db.execute(
    sql`insert into essay_tags (essay_id, tag_id) select id, ${tx.sixiang.id} from essays where author_id = ${bulkAuthor.user.id}`,
  );
  await db
    .update(classifications)
    .set({ essayCount: sql`${classifications.essayCount} + ${BULK}` })
    .where(eq(classifications.id, tx.sanwen.id));
  await db
    .update(tags)
    .set({ essayCount: sql`${tags.essayCount} + ${BULK}` })
    .where(eq(tags.id, tx.sixiang.id));
});
afterAll(async () => t?.close());

describe('list totals', () => {
  it('stop counting at the cap and say so', async () => {
    const r = await list({ authorId: bulkAuthor.user.id, pageSize: 5, pageNum: 3 });
    expect(r.data).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(r.data.list).toHaveLength(5);
    const few = await list({ authorId: reader.user.id });
    expect(few.data).toMatchObject({ list: [], total: 0, totalCapped: false });
  });

  it('are exact from the classification and tag counters, less what the viewer marked 不感兴趣', async () => {
    const byClass = await list({ classificationId: tx.sanwen.id });
    expect(byClass.data).toMatchObject({ total: BULK, totalCapped: false });
    const byTag = await list({ tagId: tx.sixiang.id });
    expect(byTag.data).toMatchObject({ total: BULK, totalCapped: false });
    const hidden = byClass.data.list[0]!.id;
    expect((await callAs(t.app, 'uninterested', { params: { id: hidden } }, reader.token)).code).toBe('00000');
    const mine = await list({ classificationId: tx.sanwen.id }, reader.token);
    expect(mine.data).toMatchObject({ total: BULK - 1, totalCapped: false });
    expect(mine.data.list.map((e) => e.id)).not.toContain(hidden);
    expect((await list({ tagId: tx.sixiang.id }, reader.token)).data.total).toBe(BULK - 1);
  });

  it('are shared by every reader above the cap, and counted for the reader below it', async () => {
    // Broad: "1000+" whoever reads, whatever they hid.
    const hidden = (await list({ authorId: bulkAuthor.user.id })).data.list[1]!.id;
    await callAs(t.app, 'uninterested', { params: { id: hidden } }, reader.token);
    const broad = await list({ authorId: bulkAuthor.user.id, sort: 'likes' }, reader.token);
    expect(broad.data).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(broad.data.list.map((e) => e.id)).not.toContain(hidden);
    // Narrow: exact, less what this reader hid.
    const small = await signUp(t.app);
    const db = t.database.db;
    await db.execute(sql`insert into essays (type, content, summary, author_id, classification_id, status, published_at)
      select 'sentence', '小集' || g, '小集' || g, ${small.user.id}, ${tx.sanwen.id}, 'published', now() - interval '10 years' from generate_series(1, 3) g`);
    const shared = await list({ authorId: small.user.id });
    expect(shared.data).toMatchObject({ total: 3, totalCapped: false });
    await callAs(t.app, 'uninterested', { params: { id: shared.data.list[0]!.id } }, reader.token);
    expect((await list({ authorId: small.user.id, sort: 'hot', pageNum: 2, pageSize: 1 }, reader.token)).data).toMatchObject({
      total: 2,
      totalCapped: false,
    });
    expect((await list({ authorId: small.user.id, pageSize: 1 })).data.total).toBe(3);
  });

  it('are capped on every other list, search included', async () => {
    const found = await callAs(t.app, 'search', { query: { q: '批量', type: 'essay' } });
    expect(found.data).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    const people = await callAs(t.app, 'search', { query: { q: 'zz-nobody', type: 'user' } });
    expect(people.data).toMatchObject({ list: [], total: 0, totalCapped: false });
  });
});

describe('round trips', () => {
  /** What `run` answers, and the SQL of each statement sent while it runs. */
  async function sent<T>(run: () => Promise<T>): Promise<{ answer: T; texts: string[] }> {
    const client = t.database.db.$client as unknown as { query: (...a: unknown[]) => unknown };
    const spy = vi.spyOn(client, 'query');
    try {
      const answer = await run();
      const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text ?? '')));
      return { answer, texts };
    } finally {
      spy.mockRestore();
    }
  }
  /** The SQL of each statement sent while `run` runs. */
  const sentTexts = async (run: () => Promise<unknown>) => (await sent(run)).texts;

  it("filter a list by the reader's blocks only once the reader has blocked someone", async () => {
    const someone = await signUp(t.app);
    const blocker = await signUp(t.app);
    const pageOf = async (token: string) =>
      (await sentTexts(() => list({ type: 'sentence', sort: 'new' }, token))).find((x) => x.includes('with page as')) ?? '';
    expect(await pageOf(blocker.token)).not.toContain('"nb"."blocker_id"');
    await callAs(t.app, 'block', { params: { id: someone.user.id } }, blocker.token);
    expect(await pageOf(blocker.token)).toContain('"nb"."blocker_id"');
  });

  it("walk a tag's own index for a tag's list, reading texts only for the page", async () => {
    const pageOf = async (filter: object) =>
      (await sentTexts(() => list({ tagId: tx.sixiang.id, sort: 'hot', pageNum: 2, ...filter }, reader.token))).find((x) =>
        x.includes('with page as'),
      ) ?? '';
    const walk = (text: string) => text.slice(0, text.indexOf(') w)'));
    expect(walk(await pageOf({}))).not.toContain('"essays"');
    // With a condition on the text itself, the walk joins the texts.
    expect(walk(await pageOf({ type: 'sentence' }))).toContain('join "essays"');
  });

  it('answer the interest groups in three, however many interests the reader has', async () => {
    const fan = await signUp(t.app);
    const set = await callAs(
      t.app,
      'createInterests',
      { body: { tagIds: [tx.tangshi.id, tx.sixiang.id, tx.libai.id, tx.dufu.id] } },
      fan.token,
    );
    expect(set.code).toBe('00000');
    const { answer: groups, texts } = await sent(() => callAs(t.app, 'hobbyList', {}, fan.token));
    expect(texts.length).toBeLessThanOrEqual(3);
    expect(groups.data).toHaveLength(4);
    expect(groups.data.find((g) => g.tag.id === tx.sixiang.id)!.essays.length).toBeGreaterThan(0);
  });

  it("answer a signed-in ranking page from the visitors' with one statement of the reader's own", async () => {
    const fan = await signUp(t.app);
    const body = { period: 'all' as const, pageSize: 5 };
    await callAs(t.app, 'ranking', { body }); // a visitor keeps the page
    const texts = await sentTexts(() => callAs(t.app, 'ranking', { body }, fan.token));
    // The session, then the reader's flags and the live counters: no walk of the ranking.
    expect(texts.filter((x) => x.includes('with page as'))).toEqual([]);
    expect(texts.length).toBeLessThanOrEqual(2);
  });

  it('answer a signed-in list or details in at most two', async () => {
    const id = (await list({ classificationId: tx.sanwen.id }, reader.token)).data.list[0]!.id;
    await callAs(t.app, 'like', { body: { essayId: id } }, reader.token);
    // A reader's page is the visitors' (cached, read here once as a visitor would) with their marks and flags.
    await list({ classificationId: tx.sanwen.id, sort: 'likes' });
    await list({ classificationId: tx.sanwen.id, sort: 'likes', pageNum: 2 });
    const { answer: page, texts: forPage } = await sent(() => list({ classificationId: tx.sanwen.id, sort: 'likes' }, reader.token));
    expect(forPage.length).toBeLessThanOrEqual(2);
    expect(page.data.list[0]).toMatchObject({ id, liked: true, collected: false });
    // A list without a counter: its total is kept for every reader and page once counted (a ranked sort, which counts
    // only the texts that qualify, keeps its own).
    await list({ type: 'sentence', sort: 'hot' }, reader.token);
    const texts = await sentTexts(() => list({ type: 'sentence', sort: 'hot', pageNum: 2 }, reader.token));
    // The reader's marks and flags, and at most the shared page after this one (their marks on this page reach into
    // it) with its flags: three where no list cache holds the pages yet.
    expect(texts.length).toBeLessThanOrEqual(3);
    // No total counted again (the report probe of a ranked page counts at most three rows of one text).
    expect(texts.join('\n')).not.toMatch(/\) capped\)/);
    // Nobody blocked: the walk has no condition on the author (which would read the table for every row it passes).
    const pageOf = (texts: string[]) => texts.find((x) => x.includes('with page as')) ?? '';
    expect(pageOf(texts)).not.toContain('"nb"."blocker_id"');
    const { answer: shown, texts: forDetails } = await sent(() => details(id, reader.token));
    expect(forDetails.length).toBeLessThanOrEqual(2);
    expect(shown.data).toMatchObject({ id, liked: true, following: false, classification: { id: tx.sanwen.id } });
    expect(shown.data.tags.map((x) => x.id)).toEqual([tx.sixiang.id]);
  });

  it("look a reader's session up once across a page's public calls, and drop it at once when it ends or is banned", async () => {
    const sessionLookups = (texts: string[]) => texts.filter((x) => x.includes('"sessions"')).length;
    const admin = await makeAdmin(t);
    const id = (await list({ classificationId: tx.sanwen.id })).data.list[0]!.id;
    for (const end of ['sign-out', 'ban'] as const) {
      const someone = await signUp(t.app);
      await callAs(t.app, 'like', { body: { essayId: id } }, someone.token);
      expect(sessionLookups(await sentTexts(() => details(id, someone.token)))).toBe(1);
      const { answer: shown, texts: again } = await sent(() => details(id, someone.token));
      expect(sessionLookups(again)).toBe(0);
      expect(sessionLookups(await sentTexts(() => list({ type: 'sentence' }, someone.token)))).toBe(0);
      expect(shown.data.liked).toBe(true);
      // Calls that need the user always read the session from the database.
      expect(sessionLookups(await sentTexts(() => callAs(t.app, 'me', {}, someone.token)))).toBe(1);
      const ended =
        end === 'sign-out'
          ? await callAs(t.app, 'logout', {}, someone.token)
          : await callAs(t.app, 'adminBanUser', { params: { id: someone.user.id }, body: { reason: '刷屏', until: null } }, admin.token);
      expect(ended.code).toBe('00000');
      // At once, not 10 s later: the token is a visitor's now.
      expect((await details(id, someone.token)).data.liked).toBe(false);
      expect((await callAs(t.app, 'me', {}, someone.token)).code).toBe('A0230');
    }
  });

  it("answer a comment page in two for a reader, with the replies, the reader's likes and a refusal for unpublished texts", async () => {
    const id = (await list({ classificationId: tx.sanwen.id }, reader.token)).data.list[0]!.id;
    const post = async (content: string, parentId?: number) =>
      (await callAs(t.app, 'createComment', { body: { essayId: id, content, parentId } }, reader.token)).data;
    const root = await post('第一条评论');
    for (const text of ['回复一', '回复二', '回复三', '回复四']) await post(text, root.id);
    await post('第二条评论');
    await callAs(t.app, 'likeComment', { params: { id: root.id } }, reader.token);
    const query = { essayId: id, sort: 'hot', pageNum: 1, pageSize: 10 } as const;
    const { answer: page, texts } = await sent(() => callAs(t.app, 'commentsPage', { query }, reader.token));
    expect(texts.length).toBeLessThanOrEqual(2);
    expect(page.data).toMatchObject({ total: 2, totalCapped: false });
    expect(page.data.list[0]).toMatchObject({ id: root.id, liked: true, likes: 1, replyCount: 4 });
    // The newest three replies, oldest of them first.
    expect(page.data.list[0]!.replies?.map((r) => r.content)).toEqual(['回复二', '回复三', '回复四']);
    expect(page.data.list[1]).toMatchObject({ content: '第二条评论', liked: false, replies: [] });
    const visitor = await callAs(t.app, 'commentsPage', { query });
    expect(visitor.data.list[0]!.liked).toBeUndefined();
    await t.database.db.update(essays).set({ status: 'draft' }).where(eq(essays.id, id));
    try {
      expect((await callAs(t.app, 'commentsPage', { query })).code).toBe('A0404');
    } finally {
      await t.database.db.update(essays).set({ status: 'published' }).where(eq(essays.id, id));
    }
  });
});

describe('rankings', () => {
  it('are precomputed lists that no request recomputes, with the reader’s flags on top', async () => {
    const top = (await list({ authorId: bulkAuthor.user.id, pageSize: 1 })).data.list[0]!.id;
    // Earlier tests viewed this text, and their views wait in the buffer for a timer; written now, they can no longer
    // land between two of the readings below. Its counters are then set outright, whatever earlier tests left.
    await t.app.runtime.views.flush();
    const counters = Object.fromEntries(Object.keys(ENGAGEMENT_WEIGHTS).map((k) => [k, 0]));
    const ranked = { likeWeight: 500, likes: 500, views: 500 };
    await t.database.db
      .update(essays)
      .set({ ...counters, ...ranked, hotScore: hotScoreOf(ranked) })
      .where(eq(essays.id, top));
    await refreshRankings(t.database.db, t.app.runtime.broadcast);
    const stored = await t.database.db.select().from(rankingEntries).where(eq(rankingEntries.period, 'all'));
    // Each list keeps its depth, not the whole table.
    expect(stored.length).toBeLessThan(BULK);
    const all = await callAs(t.app, 'ranking', { body: { period: 'all' } }, reader.token);
    expect(all.data.list[0]).toMatchObject({ id: top, rank: 1, likers: 500 });
    // A like moves the counters at once but the ranking only on the next refresh; the viewer's flag is live.
    await callAs(t.app, 'like', { body: { essayId: top } }, reader.token);
    const again = await callAs(t.app, 'ranking', { body: { period: 'all' } }, reader.token);
    expect(again.data.list[0]).toMatchObject({ id: top, likers: 500, liked: true, likes: 501 });
    // A visitor's page is kept until the next refresh, which replaces it at once.
    const visitor = () => callAs(t.app, 'ranking', { body: { period: 'all' } });
    expect((await visitor()).data.list[0]).toMatchObject({ id: top, likers: 500 });
    await refreshRankings(t.database.db, t.app.runtime.broadcast);
    const later = await visitor();
    expect(later.data.list[0]).toMatchObject({ id: top, likers: 501, liked: false });
    // A text that leaves the lists leaves the kept page at once.
    await callAs(t.app, 'deleteEssay', { params: { id: top } }, bulkAuthor.token);
    expect((await visitor()).data.list.map((e) => e.id)).not.toContain(top);
  });
});

describe('tag lists', () => {
  it('walk the sort keys copied onto essay_tags, which follow every write to the text', async () => {
    const db = t.database.db;
    const x = (await list({ authorId: bulkAuthor.user.id, pageNum: 90, pageSize: 10 })).data.list[0]!.id;
    // Visitors' pages (a reader's are made from them) are cached for seconds, and these writes bypass the app, which
    // would drop them: each look starts from an empty list cache.
    const first = async (sort: 'new' | 'hot' | 'likes') => {
      t.app.runtime.essayCaches.lists.clear();
      return (await list({ tagId: tx.sixiang.id, sort, pageSize: 1 }, reader.token)).data.list[0]?.id;
    };
    // Written by hand, not through the app: the copies still follow.
    await db.update(essays).set({ likes: 100_000 }).where(eq(essays.id, x));
    expect(await first('likes')).toBe(x);
    await db
      .update(essays)
      .set({ publishedAt: new Date(Date.now() + 60_000) })
      .where(eq(essays.id, x));
    expect(await first('new')).toBe(x);
    await db.update(essays).set({ status: 'pending' }).where(eq(essays.id, x));
    for (const sort of ['likes', 'new', 'hot'] as const) expect(await first(sort)).not.toBe(x);
    // A text published through the app is first in its tag's newest list at once.
    const fresh = await publishText(t.app, reader, { content: '新写的一句', classificationId: tx.meiju.id, tagIds: [tx.sixiang.id] });
    expect(await first('new')).toBe(fresh.id);
  });
});
