import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';
import { hotScoreOf, type CallInput } from '@shiju/contract';
import { seedTaxonomy } from './fixtures.js';
import { classifications, essays, tags, users } from '../src/db/schema.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t?.close());

type WriteBody = CallInput<'createEssay'>['body'];
const write = (token: string, body: WriteBody) => callAs(t.app, 'createEssay', { body }, token);
const edit = (token: string, id: number, body: WriteBody) => callAs(t.app, 'updateEssay', { params: { id }, body }, token);
const sentence = (extra: Partial<WriteBody> = {}): WriteBody => ({
  type: 'sentence',
  content: '床前明月光，疑是地上霜。',
  source: '李白《静夜思》',
  classificationId: tx.meiju.id,
  tagIds: [tx.tangshi.id, tx.libai.id],
  status: 'publish',
  ...extra,
});
const essay = (extra: Partial<WriteBody> = {}): WriteBody => ({
  type: 'essay',
  title: '故乡的月',
  content: '<p>月是故乡明。</p>',
  classificationId: tx.sanwen.id,
  tagIds: [tx.sixiang.id],
  status: 'publish',
  ...extra,
});
const details = (id: number, token?: string, headers: Record<string, string> = {}) =>
  callAs(t.app, 'essayDetails', { body: { id } }, token, { headers });
const list = (body: CallInput<'essaysPage'>['body'], token?: string) => callAs(t.app, 'essaysPage', { body }, token);
const remove = (token: string, id: unknown) => callAs(t.app, 'deleteEssay', { params: { id } }, token);
const like = (token: string, body: CallInput<'like'>['body']) => callAs(t.app, 'like', { body }, token);

describe('tags', () => {
  it('lists first-level tags of a classification, second-level tags of a tag, and the letter index', async () => {
    const first = await callAs(t.app, 'classificationTags', { query: { classificationId: tx.meiju.id } });
    expect(first.data.list.map((x) => x.name)).toEqual(['唐诗', '思乡']);
    expect(first.data.total).toBe(2);
    const second = await callAs(t.app, 'secondLevelTags', { query: { parentId: tx.tangshi.id } });
    expect(second.data.list.map((x) => x.name).sort()).toEqual(['李白', '杜甫'].sort());
    const letters = await callAs(t.app, 'tagLetters', { query: { classificationId: tx.meiju.id } });
    expect(letters.data.map((g) => g.letter)).toEqual(['D', 'L', 'S', 'T']);
    expect(letters.data.find((g) => g.letter === 'L')!.tags[0]!.name).toBe('李白');
    const all = await callAs(t.app, 'tagLetters');
    expect(all.data.flatMap((g) => g.tags).length).toBe(4);
  });

  it('answers A0404 for unknown classifications or parents and A0400 for missing ids', async () => {
    expect((await callAs(t.app, 'classificationTags', { query: { classificationId: 99999 } })).code).toBe('A0404');
    expect((await callAs(t.app, 'secondLevelTags', { query: { parentId: 99999 } })).code).toBe('A0404');
    const missing = await callUnchecked(t.app, 'classificationTags', { query: {} });
    expect(missing.code).toBe('A0400');
    expect(missing.msg).toContain('classificationId');
  });
});

describe('writing', () => {
  it('publishes a sentence as plain text and keeps the counts exact', async () => {
    const r = await write(alice.token, sentence());
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ type: 'sentence', status: 'published', content: '床前明月光，疑是地上霜。', source: '李白《静夜思》' });
    expect(r.data.tagIds.sort()).toEqual([tx.tangshi.id, tx.libai.id].sort());
    const [c] = await t.database.db.select().from(classifications).where(eq(classifications.id, tx.meiju.id));
    expect(c!.essayCount).toBe(1);
    const [tag] = await t.database.db.select().from(tags).where(eq(tags.id, tx.libai.id));
    expect(tag!.essayCount).toBe(1);
  });

  it('saves drafts without publishing them', async () => {
    const r = await write(alice.token, essay({ status: 'draft', title: '草稿一篇' }));
    expect(r.data.status).toBe('draft');
    expect((await details(r.data.id)).code).toBe('A0404');
    expect((await details(r.data.id, alice.token)).data.title).toBe('草稿一篇');
    const mine = await callAs(t.app, 'myEssays', { query: { status: 'draft' } }, alice.token);
    expect(mine.data.list.map((e) => e.id)).toContain(r.data.id);
    expect((await callAs(t.app, 'myEssays', { query: { status: 'draft' } }, bob.token)).data.total).toBe(0);
  });

  it('sanitises essay HTML on the server (asserting on what is stored)', async () => {
    const dirty =
      '<h2 onclick="steal()">标题</h2><p>正文<script>alert(1)</script><img src="/uploads/2026/11/0123456789abcdef0123456789abcdef.webp" onerror="alert(2)">' +
      '<img src="https://evil.example/x.png"><a href="javascript:alert(3)">坏链接</a><a href="https://example.com/" target="_self">好链接</a>' +
      '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"></svg><span style="color:red">字</span></p>';
    const r = await write(alice.token, essay({ content: dirty, title: '有毒的文章' }));
    expect(r.code).toBe('00000');
    const [row] = await t.database.db.select().from(essays).where(eq(essays.id, r.data.id));
    const html = row!.content;
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<svg', 'evil.example', 'style=', 'alert('])
      expect(html).not.toContain(bad);
    expect(html).toContain('<img src="/uploads/2026/11/0123456789abcdef0123456789abcdef.webp" />');
    expect(html).toContain('<a href="https://example.com/" rel="noopener nofollow" target="_blank">好链接</a>');
    expect(html).toContain('<h2>标题</h2>');
    expect(row!.summary.startsWith('标题 正文')).toBe(true);
  });

  it.each([
    [() => essay({ title: 't'.repeat(51) }), 'title'],
    [() => essay({ title: '' }), 'title'],
    [() => essay({ content: `<p>${'字'.repeat(20001)}</p>` }), 'content'],
    [() => essay({ content: '<script>only()</script>' }), 'content'],
    [() => sentence({ content: '句'.repeat(301) }), 'content'],
    [() => sentence({ content: '   ' }), 'content'],
    [() => ({ ...sentence(), type: 'poem' }), 'type'],
    [() => sentence({ classificationId: 999999 }), 'classificationId'],
    [() => sentence({ classificationId: 'abc' }), 'classificationId'],
    [() => sentence({ tagIds: [999999] }), 'tagIds'],
    [() => ({ ...sentence(), status: 'published' }), 'status'],
    [() => sentence({ cover: 'https://evil.example/c.png' }), 'cover'],
    [() => sentence({ imitateOf: 999999 }), 'imitateOf'],
    [() => sentence({ source: 's'.repeat(101) }), 'source'],
    [() => ({ content: 'x' }), 'type'],
  ] as const)('rejects bad input %# naming %s, storing nothing', async (payload, field) => {
    const before = (await t.database.db.select().from(essays)).length;
    const r = await callUnchecked(t.app, 'createEssay', { body: payload() }, alice.token);
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(field);
    expect((await t.database.db.select().from(essays)).length).toBe(before);
  });

  it('holds a text with a sensitive word as pending', async () => {
    const r = await write(alice.token, sentence({ content: '欢迎光临网络赌场' }));
    expect(r.data.status).toBe('pending');
    expect((await details(r.data.id)).code).toBe('A0404');
  });

  it('needs a login to write', async () => {
    expect((await write('', sentence())).code).toBe('A0230');
  });
});

describe('editing and deleting', () => {
  it('lets the author edit and delete, and refuses everyone else with A0301, changing nothing', async () => {
    const created = await write(alice.token, sentence({ content: '海内存知己，天涯若比邻。' }));
    const id = created.data.id;
    const form = await callAs(t.app, 'essayForm', { params: { id } }, alice.token);
    expect(form.data.content).toBe('海内存知己，天涯若比邻。');
    expect((await callAs(t.app, 'essayForm', { params: { id } }, bob.token)).code).toBe('A0301');

    const hijack = await edit(bob.token, id, sentence({ content: '被改了' }));
    expect(hijack.status).toBe(403);
    expect(hijack.code).toBe('A0301');
    const del = await remove(bob.token, id);
    expect(del.code).toBe('A0301');
    const [still] = await t.database.db.select().from(essays).where(eq(essays.id, id));
    expect(still!.content).toBe('海内存知己，天涯若比邻。');
    expect(still!.status).toBe('published');

    const edited = await edit(alice.token, id, sentence({ content: '海内存知己，天涯若比邻。（改）', tagIds: [tx.sixiang.id] }));
    expect(edited.data.content).toContain('（改）');
    expect(edited.data.tagIds).toEqual([tx.sixiang.id]);
    const ok = await remove(alice.token, id);
    expect(ok.code).toBe('00000');
    expect((await details(id)).code).toBe('A0404');
    expect((await remove(alice.token, id)).code).toBe('A0404');
  });

  it('answers A0404 for unknown ids and A0400 for bad ids', async () => {
    expect((await edit(alice.token, 999999, sentence())).code).toBe('A0404');
    expect((await remove(alice.token, 'abc')).code).toBe('A0400');
    expect((await callAs(t.app, 'essayForm', { params: { id: 0 } }, alice.token)).code).toBe('A0400');
  });
});

describe('reading', () => {
  it('lists published texts with filters and sorts', async () => {
    const a = await write(bob.token, sentence({ content: '独在异乡为异客，每逢佳节倍思亲。', tagIds: [tx.sixiang.id] }));
    const all = await list({ pageNum: 1, pageSize: 50 });
    expect(all.code).toBe('00000');
    expect(all.data.list.every((e) => e.status === 'published')).toBe(true);
    expect(all.data.list[0]!.id).toBe(a.data.id);
    expect(all.data.list[0]).toMatchObject({ author: { id: bob.user.id }, liked: false, collected: false });
    expect(all.data.list[0]).not.toHaveProperty('content');
    const byTag = await list({ tagId: tx.sixiang.id });
    expect(byTag.data.list.map((e) => e.id)).toContain(a.data.id);
    expect(byTag.data.list.every((e) => e.tags.some((g) => g.id === tx.sixiang.id))).toBe(true);
    const byAuthor = await list({ authorId: bob.user.id });
    expect(byAuthor.data.list.every((e) => e.author.id === bob.user.id)).toBe(true);
    const essaysOnly = await list({ type: 'essay' });
    expect(essaysOnly.data.list.every((e) => e.type === 'essay')).toBe(true);
    const kw = await list({ keyword: '思亲' });
    expect(kw.data.list.map((e) => e.id)).toContain(a.data.id);
    for (const sort of ['hot', 'likes', 'new'] as const) expect((await list({ sort })).code).toBe('00000');
    expect((await callUnchecked(t.app, 'essaysPage', { body: { sort: 'random' } })).code).toBe('A0400');
    expect((await list({ pageSize: 51 })).code).toBe('A0400');
    expect((await list({ keyword: 'k'.repeat(51) })).code).toBe('A0400');
  });

  it('shows details with author, tags, classification and counts a view once per viewer per hour', async () => {
    const r = await write(alice.token, essay({ title: '观沧海', content: '<p>东临碣石，以观沧海。</p>' }));
    const id = r.data.id;
    const first = await details(id, bob.token);
    expect(first.data).toMatchObject({
      id,
      title: '观沧海',
      content: '<p>东临碣石，以观沧海。</p>',
      classification: { id: tx.sanwen.id, name: '散文' },
      following: false,
      original: null,
    });
    expect(first.data.author).toMatchObject({ id: alice.user.id, bio: '' });
    await details(id, bob.token);
    await details(id, alice.token);
    await t.app.runtime.views.flush();
    await details(id, bob.token);
    await t.app.runtime.views.flush();
    const [row] = await t.database.db.select().from(essays).where(eq(essays.id, id));
    expect(row!.views).toBe(2);
    expect((await details(999999)).status).toBe(404);
    expect((await callUnchecked(t.app, 'essayDetails', { body: {} })).code).toBe('A0400');
  });
});

describe('likes and collects', () => {
  it('counts exactly under 50 concurrent likes from 50 users', async () => {
    const target = await write(alice.token, sentence({ content: '人生若只如初见。' }));
    const people = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const results = await Promise.all(people.map((p) => like(p.token, { essayId: target.data.id })));
    expect(results.every((r) => r.code === '00000')).toBe(true);
    const [row] = await t.database.db.select().from(essays).where(eq(essays.id, target.data.id));
    expect(row!.likes).toBe(50);
    const [author] = await t.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(author!.likesReceived).toBeGreaterThanOrEqual(50);
  });

  it('is idempotent under a double like and a double unlike from one user', async () => {
    const target = await write(alice.token, sentence({ content: '落霞与孤鹜齐飞。' }));
    const body = { essayId: target.data.id, type: 'like' } as const;
    const both = await Promise.all([1, 2].map(() => like(bob.token, body)));
    expect(both.map((r) => r.data.likes)).toContain(1);
    const again = await like(bob.token, body);
    expect(again.data).toMatchObject({ liked: true, likes: 1 });
    const un = await Promise.all([1, 2].map(() => callAs(t.app, 'unlike', { body }, bob.token)));
    expect(un.every((r) => r.code === '00000')).toBe(true);
    const [row] = await t.database.db.select().from(essays).where(eq(essays.id, target.data.id));
    expect(row!.likes).toBe(0);
    const col = await like(bob.token, { essayId: target.data.id, type: 'collect' });
    expect(col.data).toMatchObject({ collected: true, collects: 1, liked: false });
    const seen = await details(target.data.id, bob.token);
    expect(seen.data).toMatchObject({ collected: true, liked: false, collects: 1 });
  });

  it('refuses visitors, unknown texts and bad input', async () => {
    expect((await callAs(t.app, 'like', { body: { essayId: 1 } })).code).toBe('A0230');
    expect((await like(bob.token, { essayId: 999999 })).code).toBe('A0404');
    expect((await callUnchecked(t.app, 'like', { body: { essayId: 1, type: 'love' } }, bob.token)).code).toBe('A0400');
  });
});

describe('imitation', () => {
  it('links an imitation to its original and keeps the imitation count exact', async () => {
    const original = await write(alice.token, sentence({ content: '春眠不觉晓，处处闻啼鸟。' }));
    const imitation = await write(bob.token, sentence({ content: '冬眠不觉晓，处处闻闹钟。', imitateOf: original.data.id }));
    expect(imitation.data.imitateOf).toBe(original.data.id);
    const list1 = await callAs(t.app, 'imitations', { params: { id: original.data.id } });
    expect(list1.data.list.map((e) => e.id)).toEqual([imitation.data.id]);
    const d = await details(imitation.data.id);
    expect(d.data.original).toMatchObject({ id: original.data.id });
    expect((await details(original.data.id)).data.imitations).toBe(1);
    await remove(bob.token, imitation.data.id);
    expect((await details(original.data.id)).data.imitations).toBe(0);
    expect((await callAs(t.app, 'imitations', { params: { id: 999999 } })).code).toBe('A0404');
  });

  it('lists the most discussed texts under a tag', async () => {
    const comment = (essayId: number, content: string) => callAs(t.app, 'createComment', { body: { essayId, content } }, bob.token);
    const lively = await write(alice.token, essay({ title: '众说纷纭', content: '<p>众说纷纭的一篇。</p>' }));
    const talked = await write(alice.token, essay({ title: '略有回响', content: '<p>略有回响的一篇。</p>' }));
    const elsewhere = await write(alice.token, sentence({ content: '别处的热闹。', tagIds: [tx.tangshi.id] }));
    for (const [id, n] of [
      [lively.data.id, 3],
      [talked.data.id, 1],
      [elsewhere.data.id, 4],
    ] as const) {
      for (let i = 0; i < n; i++) expect((await comment(id, `第${i + 1}条`)).code).toBe('00000');
    }
    const r = await callAs(t.app, 'tagHotDiscussed', { params: { id: tx.sixiang.id } });
    expect(r.code).toBe('00000');
    const ids = r.data.map((e) => e.id);
    expect(ids.slice(0, 2)).toEqual([lively.data.id, talked.data.id]);
    expect(r.data[0]!.comments).toBe(3);
    expect(ids).not.toContain(elsewhere.data.id);
    expect(r.data.every((e) => e.tags.some((g) => g.id === tx.sixiang.id))).toBe(true);
    expect((await callAs(t.app, 'tagHotDiscussed', { params: { id: 999999 } })).code).toBe('A0404');
  });
});

describe('ranked score', () => {
  it('is the confidence bound of weighted likes over viewers, set by each write that moves it, with no job', async () => {
    const { sql } = await import('drizzle-orm');
    const views = t.app.runtime.views;
    const id = (await write(alice.token, sentence({ content: '大漠孤烟直，长河落日圆。' }))).data.id;
    await t.database.db.execute(
      sql`update essays set likes = 10, like_weight = 10, collects = 5, comments = 4, imitations = 2, views = 200, published_at = now() - interval '10 hours' where id = ${id}`,
    );
    const row = async () => (await t.database.db.select().from(essays).where(eq(essays.id, id)))[0]!;
    // A like recomputes the score with the weight the like was given (bob's account is new: almost nothing).
    await like(bob.token, { essayId: id });
    const liked = await row();
    expect(liked.likeWeight).toBeGreaterThanOrEqual(10);
    expect(liked.likeWeight).toBeLessThan(10.01);
    expect(liked.hotScore).toBeCloseTo(hotScoreOf({ likeWeight: liked.likeWeight, likes: 11, views: 200 }), 9);
    // A comment does not move it (the score reads likes and viewers only).
    const reader = await signUp(t.app);
    const commented = await callAs(t.app, 'createComment', { body: { essayId: id, content: '好句' } }, reader.token);
    expect(commented.code).toBe('00000');
    expect((await row()).hotScore).toBe(liked.hotScore);
    // One view moves the score by less than VIEW_SCORE_STEP: the flush counts it and leaves the score alone…
    await details(id, undefined, { cookie: 'sj_vid=hot-score-visitor-0001' });
    await views.flush();
    expect(await row()).toMatchObject({ views: 201, hotScore: liked.hotScore });
    // …until the views add up to a step, when the score is set from the counters.
    for (let i = 0; i < 300; i++) views.record(id, `hot-score-crowd-${i}`);
    await views.flush();
    expect((await row()).views).toBe(501);
    expect((await row()).hotScore).toBeCloseTo(hotScoreOf({ likeWeight: liked.likeWeight, likes: 11, views: 501 }), 9);
    // Freshness is worth nothing: a text nobody liked stays below every qualifying one, and out of 最热.
    expect(hotScoreOf({ likeWeight: 0, likes: 0, views: 0 })).toBeLessThan(0);
    const hot = await list({ sort: 'hot', pageSize: 50 });
    const scores = new Map((await t.database.db.select({ id: essays.id, s: essays.hotScore }).from(essays)).map((x) => [x.id, x.s]));
    const inOrder = hot.data.list.map((e) => scores.get(e.id)!);
    expect(inOrder).toContain((await row()).hotScore);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
    expect(inOrder.every((x) => x >= 0)).toBe(true);
  });
});

describe('keyset paging', () => {
  it('walks every published text once with cursors, in the same order as page numbers, for each sort', async () => {
    for (let i = 0; i < 7; i++) await write(bob.token, sentence({ content: `翻页测试第${i}句` }));
    for (const sort of ['new', 'hot', 'likes'] as const) {
      const byPage: number[] = [];
      for (let p = 1; ; p++) {
        const r = await list({ sort, pageNum: p, pageSize: 4 });
        byPage.push(...r.data.list.map((e) => e.id));
        if (r.data.list.length < 4) break;
      }
      const byCursor: number[] = [];
      let cursor: string | undefined;
      do {
        const r = await list({ sort, pageSize: 4, ...(cursor ? { cursor } : {}) });
        byCursor.push(...r.data.list.map((e) => e.id));
        cursor = r.data.nextCursor ?? undefined;
      } while (cursor);
      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    }
  });

  it('rejects a forged cursor with A0400', async () => {
    for (const cursor of [
      'not-base64-json',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('["x",1]').toString('base64url'),
      'c'.repeat(201),
    ]) {
      const r = await list({ cursor });
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('cursor');
    }
  });
});

describe('denormalised counts', () => {
  it('stay equal to a full recount through publishing, re-tagging, unpublishing and deleting', async () => {
    const a = await write(alice.token, sentence({ content: '计数一', tagIds: [tx.tangshi.id] }));
    const b = await write(alice.token, essay({ title: '计数二', content: '<p>计数二的正文。</p>', tagIds: [tx.sixiang.id, tx.dufu.id] }));
    await edit(
      alice.token,
      a.data.id,
      sentence({ content: '计数一（改）', tagIds: [tx.libai.id, tx.sixiang.id], classificationId: tx.sanwen.id }),
    );
    await edit(alice.token, b.data.id, essay({ title: '计数二', content: '<p>计数二的正文。</p>', status: 'draft', tagIds: [tx.dufu.id] }));
    const c = await write(bob.token, sentence({ content: '计数三', tagIds: [tx.dufu.id] }));
    await remove(bob.token, c.data.id);
    await edit(
      alice.token,
      b.data.id,
      essay({ title: '计数二', content: '<p>计数二的正文。</p>', status: 'publish', tagIds: [tx.dufu.id, tx.tangshi.id] }),
    );
    const { sql } = await import('drizzle-orm');
    const drift = await t.database.db.execute(sql`
      select 'classification' as kind, c.id from classifications c
        where c.essay_count <> (select count(*) from essays e where e.classification_id = c.id and e.status = 'published')
      union all select 'tag', t.id from tags t
        where t.essay_count <> (select count(*) from essay_tags et join essays e on e.id = et.essay_id where et.tag_id = t.id and e.status = 'published')
      union all select 'user', u.id from users u
        where u.essay_count <> (select count(*) from essays e where e.author_id = u.id and e.status = 'published')`);
    expect(drift.rows).toEqual([]);
  });
});
