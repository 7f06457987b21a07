/**
 * Credits that are true: the server's page markup, JSON-LD, feeds and open API credit a quote to the work's author
 * (with its era) and name its poster apart (收录/分享); a quote without a name is 佚名; only an original credits its
 * writer. The editor's 原创/摘录 choice is kept, and a 摘录 with an over-long author is refused naming the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essays } from '../src/db/schema.js';
import { seedTaxonomy } from './fixtures.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

const ORIGIN = 'https://shiju.example.com';
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-credit-'));
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['item', 'entry', 'author', 'contributor'].includes(name) });

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let editor: TestUser;
let reader: TestUser;
let importedId: number;
let anonymousId: number;
let originalId: number;

const get = (url: string) => t.app.inject({ method: 'GET', url });

function parts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="root">'));
  const ld = /<script type="application\/ld\+json" data-ssr>(.*?)<\/script>/s.exec(head);
  return { root, ld: ld ? JSON.parse(ld[1]!) : null };
}

beforeAll(async () => {
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><title>拾句</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({}, { WEB_DIST: web, PUBLIC_URL: ORIGIN });
  tx = await seedTaxonomy(t.database.db);
  editor = await makeAdmin(t);
  reader = await makeUser(t.app);
  // An imported public-domain text, as the importer writes it: posted by the editors' account.
  const [imported] = await t.database.db
    .insert(essays)
    .values({
      type: 'sentence',
      content: '床前明月光，疑是地上霜。',
      summary: '床前明月光，疑是地上霜。',
      source: '李白《静夜思》',
      workAuthor: '李白',
      workTitle: '静夜思',
      dynasty: '唐',
      importKey: 'credit-test:1',
      classificationId: tx.meiju.id,
      authorId: editor.id,
      status: 'published',
      publishedAt: new Date(Date.now() - 3000),
    })
    .returning({ id: essays.id });
  importedId = imported!.id;
  // A reader's 摘录 with no author named, and a reader's own words.
  anonymousId = (await publishText(t.app, reader, { content: '无名氏留下的一句好话', classificationId: tx.meiju.id, original: false })).id;
  originalId = (await publishText(t.app, reader, { content: '我自己写下的一句', classificationId: tx.meiju.id, original: true })).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('credits', () => {
  it('keeps the editor’s 原创/摘录 choice, and refuses a 摘录 whose author is too long, naming the field', async () => {
    const anon = await callAs(t.app, 'essayDetails', { body: { id: anonymousId } });
    expect(anon.data).toMatchObject({ ownWork: false, workAuthor: null, imported: false, postedByEditor: false });
    const own = await callAs(t.app, 'essayDetails', { body: { id: originalId } });
    expect(own.data).toMatchObject({ ownWork: true, workAuthor: null, source: null });
    // 原创 keeps no author even if one is sent.
    const mixed = await publishText(t.app, reader, {
      content: '又一句原创',
      classificationId: tx.meiju.id,
      original: true,
      workAuthor: '李白',
    });
    expect(mixed).toMatchObject({ original: true, workAuthor: null, source: null });
    const long = await callAs(
      t.app,
      'createEssay',
      {
        body: {
          type: 'sentence',
          content: '一句',
          classificationId: tx.meiju.id,
          original: false,
          workAuthor: '长'.repeat(41),
          status: 'publish',
        },
      },
      reader.token,
    );
    expect(long.code).toBe('A0400');
    expect(long.msg).toContain('workAuthor');
  });

  it('credits the page markup and JSON-LD to the work’s author, 佚名, or an original’s writer', async () => {
    const imp = parts((await get(`/bellesDetails?id=${importedId}`)).body);
    expect(imp.root).toContain(`rel="author">李白〔唐〕</a> · <a href="/othersInfor?id=${editor.id}">收录 · ${editor.user.nickname}</a>`);
    expect(imp.ld.author).toMatchObject({ name: '李白', description: '唐' });
    expect(imp.ld.contributor).toMatchObject({ name: editor.user.nickname });
    expect(JSON.stringify(imp.ld.author)).not.toContain(editor.user.nickname);

    const anon = parts((await get(`/bellesDetails?id=${anonymousId}`)).body);
    expect(anon.root).toContain(`作者 佚名 · <a href="/othersInfor?id=${reader.id}">分享 · ${reader.user.nickname}</a>`);
    expect(anon.ld.author).toEqual({ '@type': 'Person', name: '佚名' });

    const own = parts((await get(`/bellesDetails?id=${originalId}`)).body);
    expect(own.root).toContain(`作者 <a href="/othersInfor?id=${reader.id}" rel="author">${reader.user.nickname}</a>`);
    expect(own.root).not.toContain('分享 ·');
    expect(own.ld.author).toMatchObject({ name: reader.user.nickname });
    expect(own.ld.contributor).toBeUndefined();
  });

  it('credits feed items to the work’s author and names the poster as contributor', async () => {
    const rss = xml.parse((await get('/feeds/latest.rss')).body).rss.channel.item as { title: string; author?: string[]; link: string }[];
    const byId = (id: number) => rss.find((i) => i.link.endsWith(`id=${id}`))!;
    expect(byId(importedId).author).toEqual(['李白〔唐〕']);
    expect(byId(anonymousId).author).toEqual(['佚名']);
    expect(byId(originalId).author).toEqual([reader.user.nickname]);

    const atom = xml.parse((await get('/feeds/latest.atom')).body).feed.entry as {
      link: { '@_href': string };
      author: { name: string }[];
      contributor?: { name: string }[];
    }[];
    const entry = (id: number) => atom.find((e) => e.link['@_href'].endsWith(`id=${id}`))!;
    expect(entry(importedId).author[0]!.name).toBe('李白〔唐〕');
    expect(entry(importedId).contributor?.[0]?.name).toBe(editor.user.nickname);
    expect(entry(anonymousId).author[0]!.name).toBe('佚名');
    expect(entry(originalId).author[0]!.name).toBe(reader.user.nickname);
    expect(entry(originalId).contributor).toBeUndefined();
  });

  it('credits the open API’s sentence the same way', async () => {
    // Each text has a length of its own (12, 10, 8 characters), so a length filter draws exactly it.
    const drawOf = async (length: number) => {
      const r = await callAs(t.app, 'openSentence', { query: { minLength: length, maxLength: length } }, undefined, {
        remoteAddress: `10.60.0.${length}`,
      });
      expect(r.code).toBe('00000');
      return r.data;
    };
    const imp = await drawOf(12);
    expect(imp).toMatchObject({
      id: importedId,
      author: '李白',
      dynasty: '唐',
      original: false,
      poster: { role: '收录', nickname: editor.user.nickname },
    });
    expect(await drawOf(10)).toMatchObject({
      id: anonymousId,
      author: '佚名',
      dynasty: null,
      original: false,
      poster: { role: '分享', nickname: reader.user.nickname },
    });
    expect(await drawOf(8)).toMatchObject({ id: originalId, author: reader.user.nickname, dynasty: null, original: true, poster: null });
    const byName = await callAs(t.app, 'openSentence', { query: { author: '李白' } }, undefined, { remoteAddress: '10.60.1.1' });
    expect(byName.data.id).toBe(importedId);
  });
});
