/**
 * 划线 and 想法 on both databases: adding a highlight (one call, idempotent, inside the text, 1–500 characters, at most
 * 200 per reader and text), 想法 (private by default; public ones checked for sensitive words, reportable, hidden by
 * editors, subject to blocks both ways and to the young-account daily limit), 热门划线 (distinct readers per sentence,
 * exact under concurrent highlights, from 3 readers, top 10), re-anchoring after an edit, 我的划线, the data export
 * and account deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { plainOf } from '@shiju/contract/anchors';
import { JOBS } from '../src/jobs/scheduler.js';
import { highlightPassageReaders, highlightPassages, highlights, rateCounters, users } from '../src/db/schema.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, callUnchecked, createTestApp, routeOf, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let classificationId: number;

/** 岳阳楼记's closing lines; the first character outside the BMP makes code points and code units disagree. */
const BODY = '<p>𠮷嗟夫！予尝求古仁人之心，或异二者之为。</p><p>先天下之忧而忧，后天下之乐而乐乎。噫！微斯人，吾谁与归？</p>';
const plain = (body = BODY) => plainOf(body, true);
/** Code-point offsets of the first occurrence of `quote` in the plain form. */
const at = (quote: string, text = plain()) => {
  const chars = Array.from(text);
  const want = Array.from(quote);
  for (let i = 0; i + want.length <= chars.length; i++)
    if (want.every((c, k) => chars[i + k] === c)) return { start: i, end: i + want.length, quote };
  throw new Error(`${quote} not in text`);
};

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).sanwen.id;
  [admin, author, reader] = [await makeAdmin(t), await makeUser(t.app), await makeUser(t.app)];
});
afterAll(async () => t?.close());

/** Texts of their own: an exact repeat of a published text is refused, so each ends with its own line. */
let texts = 0;
const freshText = async (content = BODY) =>
  (await publishText(t.app, author, { type: 'essay', title: '岳阳楼记', content: `${content}<p>第${++texts}篇</p>`, classificationId })).id;
type AddBody = { start: number; end: number; quote?: string; thought?: string; thoughtPublic?: boolean };
const add = (who: TestUser | null, essayId: number, body: AddBody) =>
  callAs(t.app, 'addHighlight', { body: { essayId, ...body } }, who?.token);
const details = async (essayId: number, who?: TestUser) => {
  const r = await callAs(t.app, 'essayHighlights', { query: { essayId } }, who?.token);
  expect(r.code).toBe('00000');
  return r.data;
};
/** Readers with accounts older than a week (outside the young-account limit). */
const established = async (n: number) => {
  const out = await Promise.all(Array.from({ length: n }, () => makeUser(t.app)));
  for (const u of out)
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(users.id, u.id));
  return out;
};

describe('adding a highlight', () => {
  it('anchors by code points, is one call, and the same range twice is one highlight', async () => {
    const id = await freshText();
    const r = await add(reader, id, at('先天下之忧而忧'));
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ essayId: id, ...at('先天下之忧而忧'), thought: null, thoughtPublic: false, anchorLost: false });
    const again = await add(reader, id, at('先天下之忧而忧'));
    expect(again.data.id).toBe(r.data.id);
    expect((await details(id, reader)).mine.map((h) => h.id)).toEqual([r.data.id]);
    // The same range added in parallel is still one.
    const parallel = await Promise.all(Array.from({ length: 5 }, () => add(reader, id, at('后天下之乐而乐'))));
    expect(new Set(parallel.map((p) => p.data.id)).size).toBe(1);
    expect((await details(id, reader)).mine).toHaveLength(2);
  });

  it('refuses bad input with A0400 naming the field', async () => {
    const id = await freshText();
    // This text's own length, its closing line included.
    const n = Array.from(plain(`${BODY}<p>第${texts}篇</p>`)).length;
    const cases: [AddBody, string][] = [
      [{ start: 3, end: 3 }, 'start'],
      [{ start: 0, end: n + 1 }, 'start'],
      [{ ...at('先天下'), quote: '后天下' }, 'quote'],
      [{ ...at('先天下'), thought: '想'.repeat(1001) }, 'thought'],
    ];
    for (const [body, field] of cases) {
      const r = await add(reader, id, body);
      expect(r.code, JSON.stringify(body)).toBe('A0400');
      expect(r.msg).toContain(`：${field} `);
    }
    const long = `<p>${'春'.repeat(600)}。</p>`;
    const longId = await freshText(long);
    const tooLong = await add(reader, longId, { start: 0, end: 501 });
    expect(tooLong.code).toBe('A0400');
    expect(tooLong.msg).toMatch(/：end .*500/);
    expect((await add(reader, longId, { start: 0, end: 500 })).code).toBe('00000');
    const missing = await callUnchecked(t.app, 'addHighlight', { body: { start: 0, end: 2 } }, reader.token);
    expect(missing.code).toBe('A0400');
    expect(missing.msg).toContain('essayId');
  });

  it('needs a signed-in reader and a published text', async () => {
    const id = await freshText();
    expect((await add(null, id, at('先天下'))).code).toBe('A0230');
    expect((await add(reader, 999_999, at('先天下'))).code).toBe('A0404');
    const draft = await callAs(
      t.app,
      'createEssay',
      { body: { type: 'essay', title: '草稿', content: BODY, classificationId, status: 'draft' } },
      author.token,
    );
    expect((await add(reader, draft.data.id, at('先天下'))).code).toBe('A0404');
    expect((await callAs(t.app, 'essayHighlights', { query: { essayId: draft.data.id } })).code).toBe('A0404');
  });

  it('allows 200 per reader and text, with a clear message after', async () => {
    const id = await freshText();
    const busy = await makeUser(t.app);
    await t.database.db
      .insert(highlights)
      .values(Array.from({ length: 199 }, (_, i) => ({ userId: busy.id, essayId: id, start: 0, end: 1, quote: `x${i}` })));
    expect((await add(busy, id, at('嗟夫'))).code).toBe('00000');
    const over = await add(busy, id, at('予尝求'));
    expect(over.code).toBe('A0501');
    expect(over.msg).toContain('200');
    // Another reader on the same text is not affected.
    expect((await add(reader, id, at('予尝求'))).code).toBe('00000');
  });

  it('is removed by its reader only', async () => {
    const id = await freshText();
    const h = (await add(reader, id, at('微斯人'))).data;
    const other = await makeUser(t.app);
    expect((await callAs(t.app, 'removeHighlight', { params: { id: h.id } }, other.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'setHighlightThought', { params: { id: h.id }, body: { content: '偷看' } }, other.token)).code).toBe(
      'A0404',
    );
    expect((await callAs(t.app, 'removeHighlight', { params: { id: h.id } }, reader.token)).code).toBe('00000');
    expect((await details(id, reader)).mine).toEqual([]);
    expect((await callAs(t.app, 'removeHighlight', { params: { id: h.id } }, reader.token)).code).toBe('A0404');
  });
});

describe('想法', () => {
  it('are private by default: only their writer sees them', async () => {
    const id = await freshText();
    const h = (await add(reader, id, { ...at('吾谁与归'), thought: '知音难觅。' })).data;
    expect(h).toMatchObject({ thought: '知音难觅。', thoughtPublic: false });
    expect((await details(id, reader)).mine[0]?.thought).toBe('知音难觅。');
    const [other] = await established(1);
    const seen = await details(id, other);
    expect(seen.mine).toEqual([]);
    expect(seen.thoughts).toEqual([]);
    expect((await details(id)).thoughts).toEqual([]);

    const pub = await callAs(
      t.app,
      'setHighlightThought',
      { params: { id: h.id }, body: { content: '知音难觅。', public: true } },
      reader.token,
    );
    expect(pub.data).toMatchObject({ thoughtPublic: true });
    expect((await details(id)).thoughts.map((x) => [x.id, x.content, x.quote, x.user.id])).toEqual([
      [h.id, '知音难觅。', '吾谁与归', reader.id],
    ]);
    // Emptied: the 想法 is gone, the highlight stays.
    const cleared = await callAs(t.app, 'setHighlightThought', { params: { id: h.id }, body: { content: '  ' } }, reader.token);
    expect(cleared.data).toMatchObject({ thought: null, thoughtPublic: false });
    expect((await details(id)).thoughts).toEqual([]);
    expect((await details(id, reader)).mine).toHaveLength(1);
  });

  it('refuses a public 想法 with a sensitive word (A0400 naming the field), and keeps a private one', async () => {
    const id = await freshText();
    const bad = await add(reader, id, { ...at('嗟夫'), thought: '办证刻章', thoughtPublic: true });
    expect(bad.code).toBe('A0400');
    expect(bad.msg).toContain('thought');
    const h = (await add(reader, id, { ...at('嗟夫'), thought: '办证刻章' })).data;
    const r = await callAs(
      t.app,
      'setHighlightThought',
      { params: { id: h.id }, body: { content: '办证刻章', public: true } },
      reader.token,
    );
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('content');
  });

  it('limit accounts younger than 7 days to 30 public 想法 a day', async () => {
    const id = await freshText();
    const young = await makeUser(t.app);
    await t.database.db.insert(rateCounters).values({ key: `thought:${young.id}`, count: 29, windowStart: new Date() });
    expect((await add(young, id, { ...at('嗟夫'), thought: '第三十条', thoughtPublic: true })).code).toBe('00000');
    const over = await add(young, id, { ...at('予尝求'), thought: '第三十一条', thoughtPublic: true });
    expect(over.code).toBe('A0501');
    expect(over.msg).toContain('30');
    // Private ones are not limited, and neither is an older account.
    expect((await add(young, id, { ...at('予尝求'), thought: '私下的' })).code).toBe('00000');
    const [old] = await established(1);
    await t.database.db.insert(rateCounters).values({ key: `thought:${old!.id}`, count: 40, windowStart: new Date() });
    expect((await add(old!, id, { ...at('嗟夫'), thought: '老读者', thoughtPublic: true })).code).toBe('00000');
  });

  it('apply blocks both ways', async () => {
    const id = await freshText();
    const [writer, blocker, blocked] = await established(3);
    await add(writer!, id, { ...at('先天下之忧而忧'), thought: '为天下先。', thoughtPublic: true });
    expect((await details(id, blocker)).thoughts).toHaveLength(1);
    await callAs(t.app, 'block', { params: { id: writer!.id } }, blocker!.token);
    expect((await details(id, blocker)).thoughts).toEqual([]);
    await callAs(t.app, 'block', { params: { id: blocked!.id } }, writer!.token);
    expect((await details(id, blocked)).thoughts).toEqual([]);
    expect((await details(id)).thoughts).toHaveLength(1);
    // Blocked by the text's author: no public 想法 on their text (a private one is still theirs to keep).
    await callAs(t.app, 'block', { params: { id: blocked!.id } }, author.token);
    expect((await add(blocked!, id, { ...at('嗟夫'), thought: '公开', thoughtPublic: true })).code).toBe('A0301');
    expect((await add(blocked!, id, { ...at('嗟夫'), thought: '自己看' })).code).toBe('00000');
  });

  it('can be reported, and an editor hides them from everyone but their writer', async () => {
    const id = await freshText();
    const [writer, other] = await established(2);
    const h = (await add(writer!, id, { ...at('噫'), thought: '一声长叹。', thoughtPublic: true })).data;
    expect(
      (await callAs(t.app, 'createReport', { body: { targetType: 'thought', targetId: h.id, reason: '垃圾广告' } }, writer!.token)).code,
    ).toBe('A0400');
    const rep = await callAs(t.app, 'createReport', { body: { targetType: 'thought', targetId: h.id, reason: '垃圾广告' } }, other!.token);
    expect(rep.code).toBe('00000');
    const queue = await callAs(t.app, 'adminReportsPage', { query: { targetType: 'thought' } }, admin.token);
    expect(queue.data.list.find((g) => g.targetId === h.id)).toMatchObject({
      target: { excerpt: '一声长叹。', essayId: id, owner: { id: writer!.id }, status: 'visible' },
    });
    const done = await callAs(t.app, 'adminResolveReport', { params: { id: rep.data.id }, body: { action: 'hide' } }, admin.token);
    expect(done.code).toBe('00000');
    expect((await details(id, other)).thoughts).toEqual([]);
    expect((await details(id, writer)).mine[0]).toMatchObject({ thought: '一声长叹。', thoughtHidden: true });
    // Rewording it is no way back.
    await callAs(t.app, 'setHighlightThought', { params: { id: h.id }, body: { content: '再叹一声。', public: true } }, writer!.token);
    expect((await details(id, other)).thoughts).toEqual([]);
    expect((await details(id, writer)).mine[0]).toMatchObject({ thought: '再叹一声。', thoughtHidden: true });
    // A private 想法 cannot be reported: nobody else can see it.
    const priv = (await add(writer!, id, { ...at('微斯人'), thought: '私' })).data;
    expect(
      (await callAs(t.app, 'createReport', { body: { targetType: 'thought', targetId: priv.id, reason: '其他' } }, other!.token)).code,
    ).toBe('A0404');
  });
});

describe('热门划线', () => {
  it('count distinct readers whose highlights overlap a sentence, shown from 3 readers', async () => {
    const id = await freshText();
    const [a, b, c] = await established(3);
    const sentence = '先天下之忧而忧，后天下之乐而乐乎。';
    await add(a!, id, at('先天下之忧而忧'));
    // Two highlights by one reader in the sentence count once.
    await add(a!, id, at('后天下之乐而乐'));
    await add(b!, id, at('之乐而乐乎。噫'));
    expect((await details(id)).popular).toEqual([]);
    await add(c!, id, { start: at('予尝求').start, end: at('先天下').end });
    const shown = (await details(id)).popular;
    expect(shown.map((p) => [p.quote, p.readers])).toEqual([[sentence, 3]]);
    expect(shown[0]).toMatchObject(at(sentence));
    // b's highlight also touches 噫！, c's also the first paragraph's second sentence: 1 reader each, not shown.
    const rows = await t.database.db.select().from(highlightPassages).where(eq(highlightPassages.essayId, id));
    expect(rows.map((r) => [r.quote, r.readers]).sort()).toEqual(
      [
        ['予尝求古仁人之心，或异二者之为。', 1],
        [sentence, 3],
        ['噫！', 1],
      ].sort(),
    );

    // Removing one of a's two highlights leaves a counted; removing the other does not.
    const aMine = (await details(id, a)).mine;
    await callAs(t.app, 'removeHighlight', { params: { id: aMine[0]!.id } }, a!.token);
    expect((await details(id)).popular[0]?.readers).toBe(3);
    await callAs(t.app, 'removeHighlight', { params: { id: aMine[1]!.id } }, a!.token);
    expect((await details(id)).popular).toEqual([]);
  });

  it('show public 想法 beside the passage, and the top 10 sentences only', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `第${i + 1}句。`).join('');
    const id = await freshText(`<p>${lines}</p>`);
    const readers = await established(4);
    for (let i = 0; i < 12; i++) {
      const q = at(`第${i + 1}句。`, plain(`<p>${lines}</p>`));
      // Sentence i gets 3 readers, the first two a fourth.
      for (const r of readers.slice(0, i < 2 ? 4 : 3)) await add(r, id, { start: q.start, end: q.end });
    }
    const first = at('第1句。', plain(`<p>${lines}</p>`));
    await add(readers[0]!, id, { start: first.start, end: first.end - 1, thought: '开头好。', thoughtPublic: true });
    const shown = (await details(id)).popular;
    expect(shown).toHaveLength(10);
    expect(shown.slice(0, 2).map((p) => [p.quote, p.readers])).toEqual([
      ['第1句。', 4],
      ['第2句。', 4],
    ]);
    expect(shown[0]!.thoughts.map((x) => x.content)).toEqual(['开头好。']);
    expect(shown[1]!.thoughts).toEqual([]);
  });

  it('stay exact under concurrent highlights', async () => {
    const id = await freshText();
    const many = await established(12);
    const q = at('先天下之忧而忧');
    const results = await Promise.all(
      many.flatMap((r, i) => [add(r, id, { start: q.start, end: q.end }), add(r, id, { start: q.start + (i % 3), end: q.end + 2 })]),
    );
    expect(results.every((r) => r.code === '00000')).toBe(true);
    const shown = (await details(id)).popular;
    expect(shown.map((p) => p.readers)).toEqual([12]);
    const marks = await t.database.db
      .select()
      .from(highlightPassageReaders)
      .where(and(eq(highlightPassageReaders.essayId, id)));
    expect(marks).toHaveLength(12);
    expect(marks.every((m) => m.highlights === 2)).toBe(true);
    // Concurrent removals too.
    const ids = await Promise.all(many.slice(0, 6).map(async (r) => ({ r, list: (await details(id, r)).mine })));
    await Promise.all(ids.flatMap(({ r, list }) => list.map((h) => callAs(t.app, 'removeHighlight', { params: { id: h.id } }, r.token))));
    expect((await details(id)).popular.map((p) => p.readers)).toEqual([6]);
  });
});

describe('re-anchoring', () => {
  it('follows the words when the author edits, flags lost ones, and recounts the sentences', async () => {
    const id = await freshText();
    const [a, b, c] = await established(3);
    const ha = (await add(a!, id, at('吾谁与归'))).data;
    const hb = (await add(b!, id, at('微斯人'))).data;
    await add(c!, id, at('噫！微斯'));
    const edited =
      '<p>庆历四年春。𠮷嗟夫！予尝求古仁人之心，或异二者之为。</p><p>先天下之忧而忧，后天下之乐而乐乎。噫！微斯人，吾谁与归？</p>';
    const save = (content: string) =>
      callAs(
        t.app,
        'updateEssay',
        { params: { id }, body: { type: 'essay', title: '岳阳楼记', content, classificationId, status: 'publish' } },
        author.token,
      );
    expect((await save(edited)).code).toBe('00000');
    const mineA = (await details(id, a)).mine[0]!;
    expect(mineA).toMatchObject({ id: ha.id, ...at('吾谁与归', plain(edited)), anchorLost: false });
    const popular = (await details(id)).popular;
    expect(popular).toHaveLength(1);
    expect(popular[0]).toMatchObject({ ...at('微斯人，吾谁与归？', plain(edited)), readers: 3 });

    const without = '<p>庆历四年春。</p><p>先天下之忧而忧，后天下之乐而乐乎。噫！微之人，吾谁与归？</p>';
    expect((await save(without)).code).toBe('00000');
    expect((await details(id, b)).mine[0]).toMatchObject({ id: hb.id, anchorLost: true, quote: '微斯人' });
    // b's passage is lost, and c's quote too: one reader left on the last sentence.
    expect((await details(id)).popular).toEqual([]);
    const rows = await t.database.db.select().from(highlightPassages).where(eq(highlightPassages.essayId, id));
    expect(rows.map((r) => [r.quote, r.readers])).toEqual([['微之人，吾谁与归？', 1]]);
    // Removing a lost highlight leaves the counters as they are.
    expect((await callAs(t.app, 'removeHighlight', { params: { id: hb.id } }, b!.token)).code).toBe('00000');
    const after = await t.database.db.select().from(highlightPassages).where(eq(highlightPassages.essayId, id));
    expect(after.map((r) => r.readers)).toEqual([1]);
  });
});

describe('我的划线', () => {
  it('lists my highlights by date or by text, searchable, and nobody else’s', async () => {
    const one = await freshText();
    const two = await publishText(t.app, author, {
      type: 'essay',
      title: '醉翁亭记',
      content: '<p>醉翁之意不在酒，在乎山水之间也。</p>',
      classificationId,
    });
    const me = await makeUser(t.app);
    await add(me, one, at('嗟夫'));
    await add(me, two.id, at('醉翁之意不在酒', '醉翁之意不在酒，在乎山水之间也。'));
    await add(me, one, { ...at('微斯人'), thought: '寂寞' });
    await add(reader, one, at('先天下'));
    const page = (query: { order?: 'date' | 'text'; q?: string }) => callAs(t.app, 'myHighlights', { query }, me.token);
    expect((await page({})).data.list.map((h) => h.quote)).toEqual(['微斯人', '醉翁之意不在酒', '嗟夫']);
    const byText = (await page({ order: 'text' })).data;
    expect(byText.list.map((h) => h.quote)).toEqual(['嗟夫', '微斯人', '醉翁之意不在酒']);
    expect(byText.list[0]!.essay).toMatchObject({ id: one, title: '岳阳楼记' });
    expect(byText.total).toBe(3);
    expect((await page({ q: '醉翁' })).data.list.map((h) => h.quote)).toEqual(['醉翁之意不在酒']);
    expect((await page({ q: '寂寞' })).data.list.map((h) => h.quote)).toEqual(['微斯人']);
    expect((await callAs(t.app, 'myHighlights', { query: {} })).code).toBe('A0230');
  });
});

describe('a reader’s data', () => {
  it('exports highlights with private 想法, and 注销 removes them and their counts', async () => {
    const id = await freshText();
    const [leaver, b, c] = await established(3);
    await add(leaver!, id, { ...at('先天下之忧而忧'), thought: '只给自己看' });
    await add(b!, id, at('先天下'));
    await add(c!, id, at('后天下'));
    expect((await details(id)).popular[0]?.readers).toBe(3);

    const res = await t.app.inject({ ...routeOf('exportData'), headers: { authorization: `Bearer ${leaver!.token}` } });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['shiju-export/highlights.json']!));
    expect(data).toMatchObject([{ essayId: id, quote: '先天下之忧而忧', thought: '只给自己看', thoughtPublic: false }]);
    // As Markdown (front matter, the passage, the 想法) and as an Anki card.
    const md = strFromU8(files['shiju-export/划线/岳阳楼记.md']!);
    expect(md).toMatch(new RegExp(`^---\ntitle: "岳阳楼记"\nauthor: "[^"]+"\nurl: "http://[^"]+/bellesDetails\\?id=${id}"\n---\n`));
    expect(md).toContain('> 先天下之忧而忧\n\n想法：只给自己看\n');
    expect(strFromU8(files['shiju-export/anki.csv']!)).toContain('先天下之忧而忧\n—— ');

    const asked = await callAs(t.app, 'requestDeletion', { body: { password: leaver!.password, keepContent: false } }, leaver!.token);
    expect(asked.code).toBe('00000');
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, leaver!.id));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    await JOBS.find((j) => j.name === 'purge-deleted-accounts')!.run(t.database.db, t.config, quiet, t.app.runtime);
    expect(await t.database.db.select().from(highlights).where(eq(highlights.userId, leaver!.id))).toEqual([]);
    expect(await t.database.db.select().from(highlightPassageReaders).where(eq(highlightPassageReaders.userId, leaver!.id))).toEqual([]);
    expect((await details(id)).popular).toEqual([]);
    const rows = await t.database.db.select().from(highlightPassages).where(eq(highlightPassages.essayId, id));
    expect(rows.map((r) => r.readers)).toEqual([2]);
  });
});
