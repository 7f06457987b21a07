/**
 * 收藏夹: named collections. The seed's 收藏 keeps its meaning (default folder, distinct readers counted), limits and
 * bad input answer A0400 naming the problem, every write checks its owner, and a private folder is A0404 to anyone
 * else through every call that returns texts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { COLLECTION_LIMITS } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, type TestContext } from './helper.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { collectionFolders, collects as collectsTable, essays, users } from '../src/db/schema.js';
import { migrationsFolder } from '../src/paths.js';
import { JOBS } from '../src/jobs/scheduler.js';

let t: TestContext;
// A built web app's page shell, so the server draws its public pages (their words come from the page models).
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-collections-'));
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>拾句</title></head><body><div id="root"></div></body></html>',
);
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let author: TestUser;
const texts: number[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { WEB_DIST: web });
  tx = await seedTaxonomy(t.database.db);
  author = await makeUser(t.app);
  for (const line of ['采菊东篱下，悠然见南山。', '海内存知己，天涯若比邻。', '会当凌绝顶，一览众山小。', '春眠不觉晓，处处闻啼鸟。'])
    texts.push((await publishText(t.app, author, { content: line, classificationId: tx.meiju.id })).id);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const collects = async (id: number) => (await t.database.db.select({ n: essays.collects }).from(essays).where(eq(essays.id, id)))[0]!.n;
const make = async (p: TestUser, name: string, isPublic = true) => {
  const r = await callAs(t.app, 'createCollection', { body: { name, isPublic } }, p.token);
  expect(r.code, r.msg).toBe('00000');
  return r.data;
};
const itemsOf = async (id: number, token?: string) => callAs(t.app, 'collectionItems', { params: { id }, query: { pageSize: 50 } }, token);
const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((e) => e.id);

describe('the seed’s 收藏', () => {
  it('beLike type=collect fills the default folder; its PUT empties every folder; collects counts readers', async () => {
    const r = await makeUser(t.app);
    const [x] = texts;
    const on = await callAs(t.app, 'like', { body: { essayId: x!, type: 'collect' } }, r.token);
    expect(on.data).toMatchObject({ collected: true, collects: 1 });
    const mine = await callAs(t.app, 'myCollections', { query: { essayId: x! } }, r.token);
    const def = mine.data.list.find((f) => f.isDefault)!;
    expect(def).toMatchObject({ name: '默认收藏夹', itemCount: 1 });
    expect(mine.data.containing).toEqual([def.id]);

    // The same text in a second folder is still one reader.
    const other = await make(r, '山水');
    const set = await callAs(t.app, 'setEssayCollections', { body: { essayId: x!, folderIds: [def.id, other.id] } }, r.token);
    expect(set.data).toMatchObject({ collected: true, collects: 1, containing: [def.id, other.id].sort((a, b) => a - b) });
    expect(await collects(x!)).toBe(1);
    await callAs(t.app, 'like', { body: { essayId: x!, type: 'collect' } }, (await makeUser(t.app)).token);
    expect(await collects(x!)).toBe(2);

    const off = await callAs(t.app, 'unlike', { body: { essayId: x!, type: 'collect' } }, r.token);
    expect(off.data).toMatchObject({ collected: false, collects: 1 });
    const after = await callAs(t.app, 'myCollections', {}, r.token);
    expect(after.data.list.map((f) => f.itemCount)).toEqual([0, 0]);
    // A like is still the essays module's.
    expect((await callAs(t.app, 'like', { body: { essayId: x!, type: 'like' } }, r.token)).data).toMatchObject({
      liked: true,
      collected: false,
    });
  });
  it('puts collects written without a folder (the corpus import) into the default folder', async () => {
    const r = await makeUser(t.app);
    await t.database.db.insert(collectsTable).values({ userId: r.id, essayId: texts[2]! });
    const mine = await callAs(t.app, 'myCollections', { query: { essayId: texts[2]! } }, r.token);
    const def = mine.data.list.find((f) => f.isDefault)!;
    expect(def.itemCount).toBe(1);
    expect(mine.data.containing).toEqual([def.id]);
    // Shown to others too, since the default folder is public.
    expect(ids(await callAs(t.app, 'userCollects', { params: { id: r.id } }))).toEqual([texts[2]]);
  });
});

describe('managing folders', () => {
  it('answers A0400 naming the problem for bad names, descriptions, covers and words', async () => {
    const r = await makeUser(t.app);
    const bad = async (body: Record<string, unknown>, word: string) => {
      const a = await callUnchecked(t.app, 'createCollection', { body }, r.token);
      expect(a.code).toBe('A0400');
      expect(a.msg).toContain(word);
    };
    await bad({ name: '  ' }, '名称');
    await bad({ name: '一'.repeat(21) }, '名称');
    await bad({ name: '好', description: '字'.repeat(201) }, '简介');
    await bad({ name: '好', cover: 'javascript:alert(1)' }, '封面');
    await bad({ name: '赌博网站' }, 'name');
    const ok = await make(r, '一'.repeat(20));
    expect((await callAs(t.app, 'updateCollection', { params: { id: ok.id }, body: { description: '赌博网站大全' } }, r.token)).code).toBe(
      'A0400',
    );
  });

  it('keeps each reader to 200 folders and each folder to 10,000 texts', async () => {
    const r = await makeUser(t.app);
    await callAs(t.app, 'myCollections', {}, r.token); // the default one
    await t.database.db
      .insert(collectionFolders)
      .values(Array.from({ length: COLLECTION_LIMITS.folders - 2 }, (_, i) => ({ userId: r.id, name: `夹${i}`, position: i + 1 })));
    const last = await make(r, '第二百个');
    const over = await callAs(t.app, 'createCollection', { body: { name: '多一个' } }, r.token);
    expect(over.code).toBe('A0400');
    expect(over.msg).toContain('200');

    await t.database.db.update(collectionFolders).set({ itemCount: COLLECTION_LIMITS.items }).where(eq(collectionFolders.id, last.id));
    const full = await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[0]!, folderIds: [last.id] } }, r.token);
    expect(full.code).toBe('A0400');
    expect(full.msg).toContain('10000');
  });

  it('moves, copies, reorders, removes and deletes — texts stay in the other folders', async () => {
    const r = await makeUser(t.app);
    const [x, y, z] = texts;
    const a = await make(r, '甲');
    const b = await make(r, '乙');
    for (const e of [x!, y!, z!]) await callAs(t.app, 'setEssayCollections', { body: { essayId: e, folderIds: [a.id] } }, r.token);
    expect(ids(await itemsOf(a.id, r.token))).toEqual([z, y, x]);

    // Reorder: x after z, then y first.
    expect(
      (await callAs(t.app, 'reorderCollectionItem', { params: { id: a.id }, body: { essayId: x!, afterEssayId: z! } }, r.token)).code,
    ).toBe('00000');
    expect(ids(await itemsOf(a.id, r.token))).toEqual([z, x, y]);
    await callAs(t.app, 'reorderCollectionItem', { params: { id: a.id }, body: { essayId: y!, afterEssayId: null } }, r.token);
    expect(ids(await itemsOf(a.id, r.token))).toEqual([y, z, x]);
    expect(
      (await callAs(t.app, 'reorderCollectionItem', { params: { id: a.id }, body: { essayId: y!, afterEssayId: texts[3]! } }, r.token))
        .code,
    ).toBe('A0400');

    // Copy y, move z: b holds both, a keeps y.
    await callAs(t.app, 'moveCollectionItems', { params: { id: a.id }, body: { essayIds: [y!], toId: b.id, copy: true } }, r.token);
    await callAs(t.app, 'moveCollectionItems', { params: { id: a.id }, body: { essayIds: [z!], toId: b.id } }, r.token);
    expect(ids(await itemsOf(a.id, r.token)).sort()).toEqual([x, y].sort());
    expect(ids(await itemsOf(b.id, r.token)).sort()).toEqual([y, z].sort());
    expect((await callAs(t.app, 'moveCollectionItems', { params: { id: a.id }, body: { essayIds: [x!], toId: a.id } }, r.token)).code).toBe(
      'A0400',
    );
    const before = await collects(y!);

    // Removing y from a leaves it collected (it is in b); deleting b un-collects z and y.
    await callAs(t.app, 'removeCollectionItems', { params: { id: a.id }, body: { essayIds: [y!] } }, r.token);
    expect(await collects(y!)).toBe(before);
    expect((await callAs(t.app, 'deleteCollection', { params: { id: b.id } }, r.token)).code).toBe('00000');
    expect(await collects(y!)).toBe(before - 1);
    expect(ids(await itemsOf(a.id, r.token))).toEqual([x]);

    // Rename and reorder folders; the default cannot be deleted.
    const renamed = await callAs(t.app, 'updateCollection', { params: { id: a.id }, body: { name: '甲乙丙', isPublic: false } }, r.token);
    expect(renamed.data).toMatchObject({ name: '甲乙丙', isPublic: false });
    const c = await make(r, '丙');
    const def = (await callAs(t.app, 'myCollections', {}, r.token)).data.list.find((f) => f.isDefault)!;
    await callAs(t.app, 'reorderCollections', { body: { ids: [c.id, a.id] } }, r.token);
    expect((await callAs(t.app, 'myCollections', {}, r.token)).data.list.map((f) => f.id)).toEqual([def.id, c.id, a.id]);
    expect((await callAs(t.app, 'reorderCollections', { body: { ids: [c.id, c.id] } }, r.token)).code).toBe('A0400');
    const del = await callAs(t.app, 'deleteCollection', { params: { id: def.id } }, r.token);
    expect(del.code).toBe('A0400');
    expect(del.msg).toContain('默认');
  });

  it('checks ownership on every write', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const f = await make(owner, '我的');
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[0]!, folderIds: [f.id] } }, owner.token);
    const mine = await make(other, '别人的');
    const writes = [
      callAs(t.app, 'updateCollection', { params: { id: f.id }, body: { name: '改掉' } }, other.token),
      callAs(t.app, 'deleteCollection', { params: { id: f.id } }, other.token),
      callAs(t.app, 'setEssayCollections', { body: { essayId: texts[1]!, folderIds: [f.id] } }, other.token),
      callAs(t.app, 'removeCollectionItems', { params: { id: f.id }, body: { essayIds: [texts[0]!] } }, other.token),
      callAs(t.app, 'moveCollectionItems', { params: { id: f.id }, body: { essayIds: [texts[0]!], toId: mine.id } }, other.token),
      callAs(t.app, 'moveCollectionItems', { params: { id: mine.id }, body: { essayIds: [texts[0]!], toId: f.id } }, other.token),
      callAs(t.app, 'reorderCollectionItem', { params: { id: f.id }, body: { essayId: texts[0]!, afterEssayId: null } }, other.token),
    ];
    for (const w of await Promise.all(writes)) expect(w.code).toBe('A0404');
    expect((await callAs(t.app, 'reorderCollections', { body: { ids: [f.id] } }, other.token)).code).toBe('A0400');
    expect((await callAs(t.app, 'createCollection', { body: { name: '访客' } })).code).toBe('A0230');
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, owner.token)).data).toMatchObject({ name: '我的', itemCount: 1 });
  });
});

describe('privacy', () => {
  it('a private folder is A0404 to anyone else through every call that returns texts', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const open = await make(owner, '公开');
    const shut = await make(owner, '私密', false);
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[0]!, folderIds: [open.id] } }, owner.token);
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[1]!, folderIds: [shut.id] } }, owner.token);
    await callAs(t.app, 'followCollection', { params: { id: open.id } }, other.token);

    for (const token of [undefined, other.token]) {
      expect((await callAs(t.app, 'collection', { params: { id: shut.id } }, token)).code).toBe('A0404');
      expect((await itemsOf(shut.id, token)).code).toBe('A0404');
      const list = await callAs(t.app, 'userCollections', { params: { id: owner.id } }, token);
      expect(list.data.list.map((f) => f.name)).not.toContain('私密');
      expect(list.data.list.map((f) => f.name)).toContain('公开');
      // /othersCollect: only what sits in a public folder.
      expect(ids(await callAs(t.app, 'userCollects', { params: { id: owner.id } }, token))).toEqual([texts[0]]);
    }
    expect((await callAs(t.app, 'followCollection', { params: { id: shut.id } }, other.token)).code).toBe('A0404');
    // The owner sees everything.
    expect(ids(await itemsOf(shut.id, owner.token))).toEqual([texts[1]]);
    expect((await callAs(t.app, 'userCollects', { params: { id: owner.id } }, owner.token)).data.total).toBe(2);

    // A public folder turned private leaves the follower's updates.
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[2]!, folderIds: [open.id] } }, owner.token);
    expect((await callAs(t.app, 'collectionUpdates', {}, other.token)).data.total).toBe(1);
    await callAs(t.app, 'updateCollection', { params: { id: open.id }, body: { isPublic: false } }, owner.token);
    expect((await callAs(t.app, 'collectionUpdates', {}, other.token)).data.total).toBe(0);
    expect((await itemsOf(open.id, other.token)).code).toBe('A0404');

    // collectsPublic=false: none shows, the list is A0301.
    await callAs(t.app, 'updateCollection', { params: { id: open.id }, body: { isPublic: true } }, owner.token);
    await callAs(t.app, 'updateMe', { body: { collectsPublic: false } }, owner.token);
    const refused = await callAs(t.app, 'userCollections', { params: { id: owner.id } }, other.token);
    expect(refused.code).toBe('A0301');
    expect((await callAs(t.app, 'userCollects', { params: { id: owner.id } }, other.token)).code).toBe('A0301');
    expect((await callAs(t.app, 'collection', { params: { id: open.id } }, other.token)).code).toBe('A0404');
    expect((await itemsOf(open.id, other.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'collectionUpdates', {}, other.token)).data.total).toBe(0);
    expect((await callAs(t.app, 'userCollections', { params: { id: owner.id } }, owner.token)).data.list).toHaveLength(3);
  });

  it('blocking hides folders both ways and ends follows', async () => {
    const owner = await makeUser(t.app);
    const fan = await makeUser(t.app);
    const f = await make(owner, '诗');
    const g = await make(fan, '词');
    await callAs(t.app, 'followCollection', { params: { id: f.id } }, fan.token);
    await callAs(t.app, 'followCollection', { params: { id: g.id } }, owner.token);
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, fan.token)).data).toMatchObject({
      following: true,
      followerCount: 1,
    });
    await callAs(t.app, 'block', { params: { id: fan.id } }, owner.token);
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, fan.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'collection', { params: { id: g.id } }, owner.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'userCollections', { params: { id: owner.id } }, fan.token)).data.list).toEqual([]);
    expect((await callAs(t.app, 'followCollection', { params: { id: f.id } }, fan.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, owner.token)).data.followerCount).toBe(0);
    expect((await callAs(t.app, 'collection', { params: { id: g.id } }, fan.token)).data.followerCount).toBe(0);
  });
});

describe('following, reports and export', () => {
  it('a follower hears of additions at most once a day and finds them under 收藏夹更新', async () => {
    const owner = await makeUser(t.app);
    const fan = await makeUser(t.app);
    const f = await make(owner, '唐诗');
    const g = await make(owner, '宋词');
    expect((await callAs(t.app, 'followCollection', { params: { id: f.id } }, owner.token)).code).toBe('A0400');
    await callAs(t.app, 'followCollection', { params: { id: f.id } }, fan.token);
    await callAs(t.app, 'followCollection', { params: { id: g.id } }, fan.token);
    for (const e of texts.slice(0, 3)) await callAs(t.app, 'setEssayCollections', { body: { essayId: e, folderIds: [f.id] } }, owner.token);
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[3]!, folderIds: [g.id] } }, owner.token);
    // One message that day, whichever followed folder grew first.
    const told = await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, fan.token);
    expect(told.data.list.filter((m) => m.content.includes('收藏夹'))).toHaveLength(1);
    expect(told.data.list.filter((m) => m.content.includes('唐诗'))).toHaveLength(1);
    await callAs(t.app, 'unfollowCollection', { params: { id: g.id } }, fan.token);
    const news = await callAs(t.app, 'collectionUpdates', {}, fan.token);
    expect(news.data.list.map((u) => u.essay.id)).toEqual(texts.slice(0, 3).reverse());
    expect(news.data.list[0]!.folder).toMatchObject({ id: f.id, name: '唐诗', owner: { id: owner.id } });
    await callAs(t.app, 'unfollowCollection', { params: { id: f.id } }, fan.token);
    expect((await callAs(t.app, 'collectionUpdates', {}, fan.token)).data.total).toBe(0);
    expect((await callAs(t.app, 'collectionUpdates', {})).code).toBe('A0230');
  });

  it('can be reported and hidden by editors; the owner still sees it', async () => {
    const owner = await makeUser(t.app);
    const reader = await makeUser(t.app);
    const admin = await makeAdmin(t);
    const f = await make(owner, '可疑');
    const rep = await callAs(
      t.app,
      'createReport',
      { body: { targetType: 'collection', targetId: f.id, reason: '垃圾广告' } },
      reader.token,
    );
    expect(rep.code, rep.msg).toBe('00000');
    const page = await callAs(t.app, 'adminReportsPage', { query: { targetType: 'collection' } }, admin.token);
    expect(page.data.list.find((g) => g.targetId === f.id)!.target).toMatchObject({ title: '可疑', status: 'visible' });
    const done = await callAs(t.app, 'adminResolveReport', { params: { id: rep.data.id }, body: { action: 'hide' } }, admin.token);
    expect(done.code, done.msg).toBe('00000');
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, reader.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, owner.token)).data.hidden).toBe(true);
    expect((await callAs(t.app, 'adminHideCollection', { params: { id: f.id }, body: { hidden: false } }, reader.token)).code).toBe(
      'A0301',
    );
    await callAs(t.app, 'adminHideCollection', { params: { id: f.id }, body: { hidden: false } }, admin.token);
    expect((await callAs(t.app, 'collection', { params: { id: f.id } }, reader.token)).code).toBe('00000');
    expect((await callAs(t.app, 'adminHideCollection', { params: { id: 99999999 }, body: { hidden: true } }, admin.token)).code).toBe(
      'A0404',
    );
  });

  it('lists every folder in the console: by keyword, public, private or hidden; editors only', async () => {
    const owner = await makeUser(t.app);
    const admin = await makeAdmin(t);
    const shown = await make(owner, '边塞诗选');
    const secret = await make(owner, '边塞私藏', false);
    await callAs(t.app, 'adminHideCollection', { params: { id: shown.id }, body: { hidden: true } }, admin.token);
    const all = await callAs(t.app, 'adminCollectionsPage', { query: { keyword: '边塞' } }, admin.token);
    expect(all.code, all.msg).toBe('00000');
    expect(all.data.list.map((x) => x.id).sort()).toEqual([shown.id, secret.id].sort());
    expect(all.data.list.find((x) => x.id === shown.id)).toMatchObject({ hidden: true, owner: { id: owner.id } });
    const byOwner = await callAs(t.app, 'adminCollectionsPage', { query: { keyword: owner.name, state: 'private' } }, admin.token);
    expect(byOwner.data.list.every((x) => !x.isPublic)).toBe(true);
    expect(byOwner.data.list.filter((x) => x.owner.id === owner.id).map((x) => x.id)).toEqual([secret.id]);
    const hidden = await callAs(t.app, 'adminCollectionsPage', { query: { keyword: '边塞', state: 'hidden' } }, admin.token);
    expect(hidden.data.list.map((x) => x.id)).toEqual([shown.id]);
    expect((await callAs(t.app, 'adminCollectionsPage', { query: { keyword: '边塞', state: 'public' } }, admin.token)).data.total).toBe(0);
    expect((await callAs(t.app, 'adminCollectionsPage', {}, owner.token)).code).toBe('A0301');
    const bad = await callUnchecked(t.app, 'adminCollectionsPage', { query: { state: 'gone' } }, admin.token);
    expect(bad.code).toBe('A0400');
    expect(bad.msg).toContain('state');
  });
});

describe('the public page, its feed and the sitemap', () => {
  it('draws a public folder, lists it in the sitemap and its feed; a private one is a not-found page', async () => {
    const owner = await makeUser(t.app);
    const open = await make(owner, '公开的诗');
    const shut = await make(owner, '私下的诗', false);
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[0]!, folderIds: [open.id, shut.id] } }, owner.token);
    const page = await t.app.inject({ method: 'GET', url: `/collection?id=${open.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('公开的诗');
    expect(page.body).toContain(`/feeds/collection-${open.id}.rss`);
    expect((await t.app.inject({ method: 'GET', url: `/collection?id=${shut.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/collection?id=x' })).statusCode).toBe(404);

    const rss = await t.app.inject({ method: 'GET', url: `/feeds/collection-${open.id}.rss` });
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('公开的诗');
    expect((await t.app.inject({ method: 'GET', url: `/feeds/collection-${shut.id}.rss` })).statusCode).toBe(404);

    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).body;
    expect(sitemap).toContain(`/collection?id=${open.id}<`);
    expect(sitemap).not.toContain(`/collection?id=${shut.id}<`);
  });
});

describe('account deletion', () => {
  it('removes the leaver’s folders and follows, and their counts', async () => {
    const leaver = await makeUser(t.app);
    const owner = await makeUser(t.app);
    const theirs = await make(owner, '留下的');
    const mine = await make(leaver, '要走的');
    await callAs(t.app, 'setEssayCollections', { body: { essayId: texts[3]!, folderIds: [mine.id] } }, leaver.token);
    await callAs(t.app, 'followCollection', { params: { id: theirs.id } }, leaver.token);
    const before = await collects(texts[3]!);
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000), deletionKeepContent: true })
      .where(eq(users.id, leaver.id));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    await JOBS.find((j) => j.name === 'purge-deleted-accounts')!.run(t.database.db, t.config, quiet, t.app.runtime);
    expect(await t.database.db.select().from(collectionFolders).where(eq(collectionFolders.userId, leaver.id))).toEqual([]);
    expect((await callAs(t.app, 'collection', { params: { id: theirs.id } }, owner.token)).data.followerCount).toBe(0);
    expect(await collects(texts[3]!)).toBe(before - 1);
  });
});

describe('migration of existing collects', () => {
  it('puts every reader’s collects into their default folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-mig-'));
    fs.cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0021_collection_folders');
    fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const client = await PGlite.create();
    try {
      const db = drizzle(client, { casing: 'snake_case' });
      await migrate(db, { migrationsFolder: dir });
      await db.execute(sql`insert into users (username, nickname) values ('a', '甲'), ('b', '乙'), ('c', '丙')`);
      await db.execute(
        sql`insert into essays (type, content, author_id, status) values ('sentence', '一', 1, 'published'), ('sentence', '二', 1, 'published')`,
      );
      await db.execute(
        sql`insert into collects (user_id, essay_id, created_at) values (1, 1, now() - interval '1 day'), (1, 2, now()), (2, 2, now())`,
      );
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: dir });
      const folders = (await db.execute(sql`select user_id, name, is_default, item_count from collection_folders order by user_id`)).rows;
      expect(folders).toEqual([
        { user_id: 1, name: '默认收藏夹', is_default: true, item_count: 2 },
        { user_id: 2, name: '默认收藏夹', is_default: true, item_count: 1 },
      ]);
      const items = (
        await db.execute(
          sql`select f.user_id, i.essay_id from collection_items i join collection_folders f on f.id = i.folder_id order by f.user_id, i.position`,
        )
      ).rows;
      // Newest first, as the seed listed them.
      expect(items).toEqual([
        { user_id: 1, essay_id: 2 },
        { user_id: 1, essay_id: 1 },
        { user_id: 2, essay_id: 2 },
      ]);
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
