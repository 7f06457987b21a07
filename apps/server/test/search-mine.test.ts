/**
 * Search of `type=mine`: a reader's own 收藏夹, highlights and 想法 searched; visitors get A0230; nothing of
 * anyone else's library, and no text that is no longer public (unless it is the reader's own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, callUnchecked, createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let reader: TestUser;
let other: TestUser;
let admin: TestUser;
const ids: Record<string, number> = {};

/** `who` null: a visitor. */
const mine = (q: string, who: TestUser | null = reader) =>
  callAs(t.app, 'search', { query: { q, type: 'mine', pageNum: 1, pageSize: 10 } }, who?.token);

beforeAll(async () => {
  t = await createTestApp();
  const meiju = (await seedTaxonomy(t.database.db)).meiju.id;
  const author = await makeUser(t.app);
  [reader, other, admin] = [await makeUser(t.app), await makeUser(t.app), await makeAdmin(t)];
  for (const [key, content, title] of [
    ['moon', '床前明月光，疑是地上霜。', '静夜思'],
    ['river', '大江东去，浪淘尽，千古风流人物。', '念奴娇·赤壁怀古'],
    ['spring', '春眠不觉晓，处处闻啼鸟。', '春晓'],
    ['hidden', '明月几时有，把酒问青天。', '水调歌头'],
  ] as const)
    ids[key] = (await publishText(t.app, author, { content, title, classificationId: meiju })).id;
  const folder = await callAs(t.app, 'createCollection', { body: { name: '望月', isPublic: false } }, reader.token);
  for (const key of ['moon', 'hidden'])
    await callAs(t.app, 'setEssayCollections', { body: { essayId: ids[key]!, folderIds: [folder.data.id] } }, reader.token);
  const mark = await callAs(
    t.app,
    'addHighlight',
    { body: { essayId: ids.river!, start: 0, end: 4, quote: '大江东去', thought: '起笔便是万里长江' } },
    reader.token,
  );
  expect(mark.code, mark.msg).toBe('00000');
  // Someone else's library never shows.
  const theirs = await callAs(t.app, 'createCollection', { body: { name: '春天', isPublic: true } }, other.token);
  await callAs(t.app, 'setEssayCollections', { body: { essayId: ids.spring!, folderIds: [theirs.data.id] } }, other.token);
  await callAs(
    t.app,
    'addHighlight',
    { body: { essayId: ids.moon!, start: 0, end: 5, quote: '床前明月光', thought: '别人的想法' } },
    other.token,
  );
  await callAs(t.app, 'adminHideEssay', { params: { id: ids.hidden! }, body: { reason: '测试隐藏' } }, admin.token);
});
afterAll(async () => t?.close());

describe('search type=mine', () => {
  it('finds texts in my 收藏夹 by title and text, with the folders holding them', async () => {
    const r = await mine('明月');
    expect(r.code, r.msg).toBe('00000');
    expect(r.data.list.map((h) => h.id)).toEqual([ids.moon]);
    expect(r.data.list[0]).toMatchObject({ kind: 'mine', folders: [{ name: '望月' }], marks: [] });
    expect((await mine('静夜思')).data.list.map((h) => h.id)).toEqual([ids.moon]);
  });

  it('finds my highlights by passage and by 想法, Traditional input too', async () => {
    const byQuote = await mine('大江');
    expect(byQuote.data.list.map((h) => h.id)).toEqual([ids.river]);
    expect(byQuote.data.list[0]).toMatchObject({ folders: [], marks: [{ quote: '大江东去', thought: '起笔便是万里长江' }] });
    expect((await mine('萬里長江')).data.list.map((h) => h.id)).toEqual([ids.river]);
  });

  it("never shows another reader's folders or highlights, nor a text no longer public", async () => {
    expect((await mine('春眠')).data.total).toBe(0);
    expect((await mine('别人的想法')).data.total).toBe(0);
    expect((await mine('青天')).data.total).toBe(0);
    expect((await mine('床前', other)).data.list[0]).toMatchObject({ id: ids.moon, folders: [], marks: [{ thought: '别人的想法' }] });
  });

  it('answers A0230 to a visitor and A0400 to an empty query', async () => {
    const visitor = await mine('明月', null);
    expect(visitor.code).toBe('A0230');
    expect(visitor.msg).toContain('登录');
    const empty = await callAs(t.app, 'search', { query: { type: 'mine', q: '' } }, reader.token);
    expect(empty.code).toBe('A0400');
    const wrong = await callUnchecked(t.app, 'search', { query: { type: 'theirs', q: 'a' } });
    expect(wrong.code).toBe('A0400');
    expect(wrong.msg).toContain('type');
  });
});
