import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { callAs, createTestApp, routeOf, signUp, type TestContext } from './helper.js';
import { publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { orders, products } from '../src/db/schema.js';
import { EXPORTS_PER_HOUR } from '../src/modules/export/index.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
type Person = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
});
afterAll(async () => t?.close());

// The export is a zip, not an envelope: read as the response came.
const download = (p?: Person) => t.app.inject({ ...routeOf('exportData'), headers: p ? { authorization: `Bearer ${p.token}` } : {} });

describe('the data export (exportData)', () => {
  it('needs a signed-in caller', async () => {
    const r = await download();
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('A0230');
  });

  it("is one zip of the caller's own data: profile, texts as HTML and Markdown, comments, reactions, follows, interests, orders", async () => {
    const [me, friend, stranger] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const essay = await publishText(t.app, me, {
      type: 'essay',
      title: '春夜记',
      content: '<p>夜来<strong>风雨</strong>声</p><ul><li>花落</li><li>知多少</li></ul>',
      classificationId: tx.sanwen.id,
      tagIds: [tx.sixiang.id],
    });
    const sentence = (
      await callAs(
        t.app,
        'createEssay',
        { body: { type: 'sentence', content: '海内存知己\n天涯若比邻', source: '王勃', classificationId: tx.meiju.id, status: 'draft' } },
        me.token,
      )
    ).data;
    const theirs = await publishText(t.app, friend, { content: '朋友的句子', classificationId: tx.meiju.id });
    await publishText(t.app, stranger, { content: '陌生人的句子', classificationId: tx.meiju.id });
    await callAs(t.app, 'createComment', { body: { essayId: theirs.id, content: '写得好' } }, me.token);
    await callAs(t.app, 'like', { body: { essayId: theirs.id } }, me.token);
    await callAs(t.app, 'like', { body: { essayId: theirs.id, type: 'collect' } }, me.token);
    await callAs(t.app, 'follow', { params: { id: friend.user.id } }, me.token);
    await callAs(t.app, 'follow', { params: { id: me.user.id } }, friend.token);
    await callAs(t.app, 'block', { params: { id: stranger.user.id } }, me.token);
    await callAs(t.app, 'createInterests', { body: { tagIds: [tx.sixiang.id, tx.tangshi.id, tx.libai.id] } }, me.token);
    const [product] = await t.database.db.insert(products).values({ name: '月度会员', priceFen: 1500, days: 30 }).returning();
    await t.database.db.insert(orders).values({ orderNo: `T${me.user.id}`, userId: me.user.id, productId: product!.id, amount: 1500 });

    const res = await download(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="shiju-export-${me.user.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const read = (name: string) => strFromU8(files[`shiju-export/${name}`]!);
    const readJson = (name: string) => JSON.parse(read(name));

    // The files (directory entries aside).
    expect(
      Object.keys(files)
        .filter((k) => !k.endsWith('/'))
        .sort(),
    ).toEqual(
      [
        'README.txt',
        'profile.json',
        'essays.json',
        'comments.json',
        'likes.json',
        'collects.json',
        'collections.json',
        'follows.json',
        'blocks.json',
        'interests.json',
        'mutes.json',
        'review.json',
        'orders.json',
        'notes.json',
        '收藏夹/默认收藏夹.md',
        'anki.csv',
        'highlights.json',
        'evidence.json',
        `essays/${essay.id}.html`,
        `essays/${essay.id}.md`,
        `essays/${sentence.id}.html`,
        `essays/${sentence.id}.md`,
      ]
        .map((f) => `shiju-export/${f}`)
        .sort(),
    );
    const profile = readJson('profile.json');
    expect(profile).toMatchObject({ id: me.user.id, username: me.username, nickname: me.user.nickname });
    expect(JSON.stringify(profile)).not.toMatch(/password|hash/i);

    const texts = readJson('essays.json');
    expect(texts.map((e: { id: number }) => e.id)).toEqual([essay.id, sentence.id]);
    expect(texts[0]).toMatchObject({ title: '春夜记', status: 'published', classification: '散文', tags: ['思乡'] });
    expect(texts[1]).toMatchObject({ type: 'sentence', status: 'draft', source: '王勃' });
    expect(read(`essays/${essay.id}.html`)).toContain('<p>夜来<strong>风雨</strong>声</p>');
    const md = read(`essays/${essay.id}.md`);
    expect(md).toMatch(/^# 春夜记\n/);
    expect(md).toContain('夜来**风雨**声');
    expect(md).toMatch(/^- {1,3}花落$/m);
    expect(read(`essays/${sentence.id}.html`)).toContain('<p>海内存知己</p><p>天涯若比邻</p>');
    expect(read(`essays/${sentence.id}.md`)).toBe('海内存知己\n天涯若比邻\n\n—— 王勃\n');

    expect(readJson('comments.json')).toEqual([expect.objectContaining({ essayId: theirs.id, content: '写得好' })]);
    expect(readJson('likes.json').map((r: { essayId: number }) => r.essayId)).toEqual([theirs.id]);
    expect(readJson('collects.json').map((r: { essayId: number }) => r.essayId)).toEqual([theirs.id]);
    // The library as files other tools read: a 收藏夹 as Markdown with front matter, its sentences as Anki cards.
    const folder = read('收藏夹/默认收藏夹.md');
    expect(folder).toMatch(
      new RegExp(
        `^---\ntitle: "默认收藏夹"\nauthor: "${me.user.nickname}"\nsource: "拾句 · 收藏夹"\n(url: "http://[^"]+/collection\\?id=\\d+"\n)?---\n`,
      ),
    );
    expect(folder).toContain('朋友的句子');
    expect(folder).toContain(`/bellesDetails?id=${theirs.id})`);
    expect(read('anki.csv')).toBe(`#separator:Comma\r\n#html:false\r\n朋友的＿＿,"朋友的句子\n—— ${friend.user.nickname}"\r\n`);
    const follows = readJson('follows.json');
    expect(follows.following.map((u: { id: number }) => u.id)).toEqual([friend.user.id]);
    expect(follows.followers.map((u: { id: number }) => u.id)).toEqual([friend.user.id]);
    expect(readJson('blocks.json').map((u: { id: number }) => u.id)).toEqual([stranger.user.id]);
    expect(
      readJson('interests.json')
        .map((i: { name: string }) => i.name)
        .sort(),
    ).toEqual(['唐诗', '李白', '思乡'].sort());
    expect(readJson('orders.json')).toEqual([expect.objectContaining({ orderNo: `T${me.user.id}`, product: '月度会员', amountFen: 1500 })]);
    // Nothing of anyone else's.
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).not.toContain('陌生人的句子');
  });

  it(`allows ${EXPORTS_PER_HOUR} exports an hour per person, then answers A0501 as an envelope`, async () => {
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await download(me)).statusCode).toBe(200);
    const refused = await download(me);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({ code: 'A0501', data: null });
    expect(refused.json().msg).toContain('每小时最多导出');
    expect((await download(other)).statusCode).toBe(200);
  });
});
