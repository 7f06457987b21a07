/**
 * Pages that search engines and link previews can read (docs/seo.md): the public routes answer index.html with
 * the page's content and head tags rendered in; unknown ids answer 404; robots.txt, the sitemap index and
 * its files, and the RSS/Atom feeds parse and hold what is published (and nothing that is not).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifications, essays, users } from '../src/db/schema.js';
import { freezeWeek } from '../src/modules/discovery/index.js';
import { themeStyle } from '../src/modules/seo/index.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { calls } from '@shiju/contract';
import { previousWeek, RANK_MIN_LIKES, weekRange } from '@shiju/contract/core';
import { likedByEstablished, publishText, type TextOptions } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { PUBLIC_FRESHNESS } from '../src/http/caching.js';
import { callAs, createTestApp, signUp, writeWebDist, type TestContext } from './helper.js';

const ORIGIN = 'https://shiju.example.com';
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-seo-'));
// The shape `vite build` gives index.html: the template's own title, keywords and description, an empty root.
const template = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="keywords" content="拾句,句子" />
    <meta name="description" content="拾句：读句子、品美文。" />
    <link rel="alternate" type="application/rss+xml" title="拾句 · 最新发布" href="/feeds/latest.rss" />
    <title>拾句</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stand-in for the web app's prerenderer (dist/ssr/render.js, built by vite): the module shape the server loads.
 * It draws a text's page only when asked with `&drawn=1`, from the details call made through the server's own
 * transport, for the site address it is given, and hands back answers holding a closing script tag.
 */
const prerenderer = `let transport;
export const SERVER_STATE_ID = 'shiju-state';
export const PRERENDERED_PATHS = ['/home', '/bellesDetails'];
export function setTransport(t) { transport = t; }
export async function prerender(url, origin) {
  const u = new URL(url, 'http://x');
  if (u.searchParams.get('drawn') !== '1') return null;
  const res = await transport('${calls.essayDetails.path}', {
    method: 'POST',
    headers: new Headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ id: Number(u.searchParams.get('id')) }),
  });
  const { data } = await res.json();
  return { html: '<div class="shell" data-origin="' + origin + '"><h1>' + data.content + '</h1></div>', state: { text: data.content, trap: '</script><script>alert(1)</script>' } };
}
`;

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'item', 'entry'].includes(name) });

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let writer: Awaited<ReturnType<typeof signUp>>;
let sentenceId: number;
let essayId: number;
let draftId: number;
let farId: number;
let announcementId: number;
let emptyClassId: number;

/** A text the writer publishes, under 美句 unless said otherwise. */
const write = async (fields: Omit<TextOptions, 'classificationId'> & Partial<Pick<TextOptions, 'classificationId'>>) =>
  (await publishText(t.app, writer, { classificationId: tx.meiju.id, ...fields })).id;

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The document's <head> and #root, and its JSON-LD parsed. */
function parts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="root">'));
  const ld = /<script type="application\/ld\+json" data-ssr>(.*?)<\/script>/s.exec(head);
  return { head, root, ld: ld ? JSON.parse(ld[1]!) : null };
}

beforeAll(async () => {
  writeWebDist(web, template, prerenderer);
  t = await createTestApp({}, { WEB_DIST: web, PUBLIC_URL: ORIGIN });
  tx = await seedTaxonomy(t.database.db);
  // A classification nobody has written in yet.
  const [empty] = await t.database.db
    .insert(classifications)
    .values({ name: '影视台词', description: '银幕上的一句', sort: 9 })
    .returning();
  emptyClassId = empty!.id;
  writer = await signUp(t.app);
  sentenceId = await write({
    type: 'sentence',
    content: '人生若只如初见，何事秋风悲画扇。\n等闲变却故人心',
    source: '纳兰性德《木兰花令》',
    tagIds: [tx.libai.id],
  });
  essayId = await write({
    type: 'essay',
    title: '故都的秋 <b>&',
    content: '<p>秋天，无论在什么地方的秋天，总是好的。</p>',
    classificationId: tx.sanwen.id,
  });
  // Liked by established readers, so both qualify for the ranked lists (leaderboard, best of the week).
  for (const id of [sentenceId, essayId]) await likedByEstablished(t, id, RANK_MIN_LIKES);
  const draft = await callAs(
    t.app,
    'createEssay',
    { body: { type: 'sentence', content: '这是一句还没发布的草稿', classificationId: tx.meiju.id, status: 'draft' } },
    writer.token,
  );
  expect(draft.code).toBe('00000');
  draftId = draft.data.id;
  // A text far up the id space lands in the third sitemap file.
  const far = await write({ type: 'sentence', content: '远方的一句话' });
  // Its signature row follows it (written with the text, keyed by its id).
  await t.database.db.execute(sql`delete from text_signatures where essay_id = ${far}`);
  await t.database.db.execute(sql`update essays set id = 120001 where id = ${far}`);
  farId = 120001;

  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, writer.user.id));
  const a = await callAs(
    t.app,
    'adminCreateAnnouncement',
    { body: { title: '拾句上线啦', content: '<p>欢迎来到拾句，读句子、品美文。</p>' } },
    writer.token,
  );
  expect(a.code).toBe('00000');
  announcementId = a.data.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('renders a sentence page with its words, author, source, h1 and head tags, and counts no view', async () => {
    const res = await get(`/bellesDetails?id=${sentenceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const { head, root, ld } = parts(res.body);
    // The tab title names the text after the route's title (a sentence has no title: the start of its words).
    expect(head).toContain('<title>拾句 | 句子详情 · 人生若只如初见，何事秋风悲画扇。 等闲变却故人心</title>');
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head.match(/<meta name="keywords"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="人生若只如初见，何事秋风悲画扇。');
    expect(head).toMatch(/<meta name="keywords" content="[^"]*李白[^"]*美句[^"]*"/);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/bellesDetails?id=${sentenceId}" data-ssr />`);
    expect(head).toContain('<meta property="og:title" content="人生若只如初见，何事秋风悲画扇。 等闲变却故人心" data-ssr />');
    expect(head).toContain(`<meta property="og:url" content="${ORIGIN}/bellesDetails?id=${sentenceId}" data-ssr />`);
    expect(head).toContain(`href="/feeds/author-${writer.user.id}.rss"`);
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // Credited to the work's author; the poster (an editor by now) is the contributor.
    expect(ld).toMatchObject({
      '@type': 'CreativeWork',
      isBasedOn: '纳兰性德《木兰花令》',
      author: { name: '纳兰性德' },
      contributor: { name: writer.user.nickname },
    });
    expect(root).toContain('<h1 class="ssr-sentence">人生若只如初见，何事秋风悲画扇。<br>等闲变却故人心</h1>');
    expect(root.match(/<h1/g)).toHaveLength(1);
    expect(root).toContain('<cite>纳兰性德《木兰花令》</cite>');
    expect(root).toContain(
      `<a href="/author?name=${encodeURIComponent('纳兰性德')}" rel="author">纳兰性德</a> · <a href="/othersInfor?id=${writer.user.id}">收录 · ${writer.user.nickname}</a>`,
    );
    expect(root).toContain(`<a href="/classifyDetails?id=${tx.meiju.id}">美句</a>`);
    const [row] = await t.database.db.select({ views: essays.views }).from(essays).where(eq(essays.id, sentenceId));
    expect(row!.views).toBe(0);
  });

  it('escapes what writers type and keeps stored essay HTML', async () => {
    const { head, root, ld } = parts((await get(`/bellesDetails?id=${essayId}`)).body);
    expect(root).toContain('<h1>故都的秋 &lt;b&gt;&amp;</h1>');
    expect(head).toContain('<title>拾句 | 句子详情 · 故都的秋 &lt;b&gt;&amp;</title>');
    expect(head).toContain('<meta property="og:title" content="故都的秋 &lt;b&gt;&amp;" data-ssr />');
    expect(ld).toMatchObject({ '@type': 'Article', headline: '故都的秋 <b>&' });
    expect(root).toContain('<p>秋天，无论在什么地方的秋天，总是好的。</p>');
  });

  it.each([
    ['an unknown id', '/bellesDetails?id=999999'],
    ['a draft', () => `/bellesDetails?id=${draftId}`],
    ['no id', '/bellesDetails'],
    ['a malformed id', '/bellesDetails?id=abc'],
    ['an unknown classification', '/classifyDetails?id=999999'],
    ['an unknown user', '/othersInfor?id=999999'],
    ['an unknown announcement', '/bulletinDetails?id=999999'],
    ['a week without a list', '/bestWeek?week=2001-W01'],
  ])('answers 404 with the not-found page for %s', async (_name, url) => {
    const res = await get(typeof url === 'function' ? url() : url);
    expect(res.statusCode).toBe(404);
    const { head, root } = parts(res.body);
    expect(head).toContain('<title>拾句 | 页面不存在</title>');
    expect(head).toContain('<meta name="robots" content="noindex" data-ssr />');
    expect(root).toContain('<h1>页面不存在</h1>');
  });

  it('renders the home page with the latest texts and the feed links', async () => {
    const res = await get('/home');
    const { head, root, ld } = parts(res.body);
    expect(res.statusCode).toBe(200);
    expect(head).toContain('<title>拾句 | 首页</title>');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="拾句 · 最新发布" href="/feeds/latest.rss" />');
    expect(head).toContain(
      '<link rel="alternate" type="application/atom+xml" title="拾句 · 每周精选" href="/feeds/best-week.atom" data-ssr />',
    );
    expect(root).toContain(`<a href="/bellesDetails?id=${essayId}">故都的秋 &lt;b&gt;&amp;</a>`);
    expect(root).toContain(`<a href="/bellesDetails?id=${sentenceId}">`);
    expect(root).not.toContain('还没发布的草稿');
    // Classifications with texts are offered; one without any is not.
    expect(root).toContain(`<a href="/classifyDetails?id=${tx.sanwen.id}">散文</a>`);
    expect(root).not.toContain(`/classifyDetails?id=${emptyClassId}"`);
    expect(ld['@type']).toBe('CollectionPage');
  });

  it('renders a classification with its texts, and the first classification without an id', async () => {
    const res = await get(`/classifyDetails?id=${tx.sanwen.id}`);
    const { head, root } = parts(res.body);
    expect(head).toContain('<title>拾句 | 分类详情 · 散文</title>');
    expect(head).toContain(`href="/feeds/classification-${tx.sanwen.id}.atom"`);
    expect(root).toContain('<h1>散文</h1>');
    expect(root).toContain('长一点的心事');
    expect(root).toContain(`/bellesDetails?id=${essayId}`);
    expect(root).not.toContain(`/bellesDetails?id=${sentenceId}"`);
    const first = parts((await get('/classifyDetails')).body);
    expect(first.root).toContain('<h1>美句</h1>');
    expect(first.head).toContain('<title>拾句 | 分类详情 · 美句</title>');
    // An empty classification's page says so once, and is titled by its name too.
    const empty = parts((await get(`/classifyDetails?id=${emptyClassId}`)).body);
    expect(empty.head).toContain('<title>拾句 | 分类详情 · 影视台词</title>');
    expect(empty.root.match(/还没有作品/g)).toHaveLength(1);
    expect(first.head).toContain(`<link rel="canonical" href="${ORIGIN}/classifyDetails?id=${tx.meiju.id}" data-ssr />`);
  });

  it('renders the leaderboard with why each text is there (never the score), and best of the week', async () => {
    await refreshRankings(t.database.db, t.app.runtime.broadcast);
    const { root } = parts((await get('/leaderboard?period=all')).body);
    expect(root).toContain('<h1>排行榜 · 总榜</h1>');
    expect(root).toContain(`/bellesDetails?id=${sentenceId}`);
    expect(root).toMatch(/第 1 名 · 累计 \d+ 人喜欢/);
    expect(root).not.toContain('得分');

    const week = previousWeek();
    await t.database.db
      .update(essays)
      .set({ publishedAt: new Date(weekRange(week).start.getTime() + 3600_000) })
      .where(eq(essays.id, essayId));
    expect(await freezeWeek(t.database.db, week)).toBeGreaterThan(0);
    const best = await get('/bestWeek');
    expect(best.statusCode).toBe(200);
    expect(parts(best.body).root).toContain(`/bellesDetails?id=${essayId}`);
    expect((await get(`/bestWeek?week=${week}`)).statusCode).toBe(200);
  });

  it('renders an announcement and a user page', async () => {
    const a = parts((await get(`/bulletinDetails?id=${announcementId}`)).body);
    expect(a.head).toContain('<title>拾句 | 公告详情 · 拾句上线啦</title>');
    expect(a.root).toContain('<h1>拾句上线啦</h1>');
    expect(a.root).toContain('<p>欢迎来到拾句，读句子、品美文。</p>');
    const u = parts((await get(`/othersInfor?id=${writer.user.id}`)).body);
    expect(u.head).toContain(`<title>拾句 | 用户主页 · ${writer.user.nickname}</title>`);
    expect(u.head).toContain('<meta property="og:type" content="profile" data-ssr />');
    expect(u.root).toContain(`<h1>${writer.user.nickname}</h1>`);
    expect(u.root).toContain(`/bellesDetails?id=${sentenceId}`);
  });

  it('renders the announcements, 关于我们, whom a user follows and who follows them, and 404 for nobody', async () => {
    const board = parts((await get('/bulletinBoard')).body);
    expect(board.head).toContain('<title>拾句 | 公告</title>');
    expect(board.head).toContain(`<link rel="canonical" href="${ORIGIN}/bulletinBoard" data-ssr />`);
    expect(board.root).toContain(`<a href="/bulletinDetails?id=${announcementId}">拾句上线啦</a>`);
    expect(board.ld.mainEntity.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      url: `${ORIGIN}/bulletinDetails?id=${announcementId}`,
      name: '拾句上线啦',
    });
    const about = parts((await get('/aboutOur')).body);
    expect(about.head).toContain('<title>拾句 | 关于我们</title>');
    expect(about.root).toContain('<h1>关于拾句</h1>');
    expect(about.root).toContain('<a href="/aboutOur#api">开发者：随机一句接口</a>');

    const reader = await signUp(t.app);
    expect((await callAs(t.app, 'follow', { params: { id: writer.user.id } }, reader.token)).code).toBe('00000');
    const followers = parts((await get(`/othersRelation?id=${writer.user.id}&type=followers`)).body);
    expect(followers.head).toContain(`<title>拾句 | 关注与粉丝 · ${writer.user.nickname}</title>`);
    expect(followers.head).toContain(
      `<link rel="canonical" href="${ORIGIN}/othersRelation?id=${writer.user.id}&amp;type=followers" data-ssr />`,
    );
    expect(followers.root).toContain(`<h1>${writer.user.nickname} 的粉丝</h1>`);
    expect(followers.root).toContain(`<a href="/othersInfor?id=${reader.user.id}">${reader.user.nickname}</a>`);
    const following = parts((await get(`/othersRelation?id=${writer.user.id}`)).body);
    expect(following.root).toContain('TA 还没有关注任何人。');
    for (const url of ['/othersRelation?id=2000000000', '/othersRelation?id=x', '/othersRelation'])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers a search but keeps it out of search engines', async () => {
    const res = await get(`/globalSearch?q=${encodeURIComponent('秋风')}`);
    expect(res.statusCode).toBe(200);
    const { head, root } = parts(res.body);
    expect(head).toContain('<title>拾句 | 搜索</title>');
    expect(head).toContain('<meta name="robots" content="noindex" data-ssr />');
    expect(head).not.toContain('rel="canonical"');
    expect(root).toContain('<h1>搜索：秋风</h1>');
  });

  it('sends the rendered page compressed, kept by shared caches for a minute at most', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(PUBLIC_FRESHNESS);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<title>拾句 | 首页</title>');
  });

  it("puts the web app's own drawing and its answers in the page; its calls count no view", async () => {
    const res = await get(`/bellesDetails?id=${sentenceId}&drawn=1`);
    expect(res.statusCode).toBe(200);
    const { head, root } = parts(res.body);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/bellesDetails?id=${sentenceId}" data-ssr />`);
    // Drawn for the site's address (PUBLIC_URL), which the page's words may name (关于我们's API examples).
    expect(root).toContain(
      `<div id="root"><div class="shell" data-origin="${ORIGIN}"><h1>人生若只如初见，何事秋风悲画扇。\n等闲变却故人心</h1></div></div>`,
    );
    expect(root).not.toContain('ssr-sentence');
    const state = /<script type="application\/json" id="shiju-state">(.*?)<\/script>\n {2}<\/body>/s.exec(res.body);
    expect(state![1]).not.toContain('</script>');
    expect(JSON.parse(state![1]!)).toEqual({
      text: '人生若只如初见，何事秋风悲画扇。\n等闲变却故人心',
      trap: '</script><script>alert(1)</script>',
    });
    // The prerenderer's details call counted nothing; a reader's does.
    await t.app.runtime.views.flush();
    const views = async () => (await t.database.db.select({ v: essays.views }).from(essays).where(eq(essays.id, sentenceId)))[0]!.v;
    expect(await views()).toBe(0);
    await callAs(t.app, 'essayDetails', { body: { id: sentenceId } });
    await t.app.runtime.views.flush();
    expect(await views()).toBe(1);
    // The prerenderer is the server's code: never served.
    expect((await get('/ssr/render.js')).body).not.toContain('setTransport');
  });

  it('paints the site theme from the first byte, leaving out anything that is not a plain colour or address', async () => {
    const { head } = parts((await get('/home')).body);
    expect(head).toMatch(/<style data-theme>:root\{--accent:#[0-9a-f]{6};--active-menu:#[0-9a-f]{6}\}<\/style>/);
    expect(
      themeStyle({
        color: 'red;}</style><script>alert(1)</script>',
        activeMenu: '#c0392b',
        backgroundImg: 'x) ;background:url(evil',
        grey: 1,
      }),
    ).toBe('<style data-theme>:root{--active-menu:#c0392b}html{filter:grayscale(1)}</style>');
    expect(themeStyle({ color: 'rgb(140, 59, 47)', activeMenu: '#abc', backgroundImg: '/uploads/2026/01/a.png', grey: 0 })).toBe(
      '<style data-theme>:root{--accent:rgb(140, 59, 47);--active-menu:#abc;--site-bg-image:url("/uploads/2026/01/a.png")}</style>',
    );
  });

  it('leaves the other app routes to the plain app', async () => {
    const res = await get('/editorialEssay');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
  });
});

describe('robots, sitemaps and feeds', () => {
  it('robots.txt allows the site, keeps crawlers off private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /myOrder');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the sitemap index names files that together list every published text once, each ≤ 50,000 URLs', async () => {
    const index = xml.parse((await get('/sitemap.xml')).body);
    const files: string[] = index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/texts-1.xml`,
      `${ORIGIN}/sitemaps/texts-2.xml`,
      `${ORIGIN}/sitemaps/texts-3.xml`,
    ]);
    const urls: string[][] = [];
    for (const f of files) {
      const res = await get(f.slice(ORIGIN.length));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const set = xml.parse(res.body).urlset;
      const locs: string[] = (set.url ?? []).map((u: { loc: string }) => u.loc);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      urls.push(locs);
    }
    const texts = urls.slice(1).flat();
    const published = await t.database.db.select({ id: essays.id }).from(essays).where(eq(essays.status, 'published'));
    expect(texts.sort()).toEqual(published.map((r) => `${ORIGIN}/bellesDetails?id=${r.id}`).sort());
    expect(texts).not.toContain(`${ORIGIN}/bellesDetails?id=${draftId}`);
    expect(urls[3]).toEqual([`${ORIGIN}/bellesDetails?id=${farId}`]);
    expect(urls[2]).toEqual([]);
    expect(urls[0]).toContain(`${ORIGIN}/classifyDetails?id=${tx.sanwen.id}`);
    expect(urls[0]).toContain(`${ORIGIN}/bulletinDetails?id=${announcementId}`);
    expect((await get('/sitemaps/texts-4.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });

  it('serves the latest texts as RSS 2.0 and Atom 1.0', async () => {
    const rss = await get('/feeds/latest.rss');
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = xml.parse(rss.body).rss.channel;
    expect(channel.title).toBe('拾句 · 最新发布');
    const links: string[] = channel.item.map((i: { link: string }) => i.link);
    expect(links).toContain(`${ORIGIN}/bellesDetails?id=${sentenceId}`);
    expect(links).toContain(`${ORIGIN}/bellesDetails?id=${essayId}`);
    expect(links).not.toContain(`${ORIGIN}/bellesDetails?id=${draftId}`);
    expect(channel.item.find((i: { link: string }) => i.link.endsWith(`=${essayId}`)).title).toBe('故都的秋 <b>&');

    const atom = await get('/feeds/latest.atom');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = xml.parse(atom.body).feed;
    expect(feed.entry.map((e: { id: string }) => e.id)).toContain(`${ORIGIN}/bellesDetails?id=${sentenceId}`);
  });

  it('serves a classification, an author and best of the week, and 404 for feeds of nothing', async () => {
    const byClass = xml.parse((await get(`/feeds/classification-${tx.sanwen.id}.rss`)).body).rss.channel;
    expect(byClass.title).toBe('拾句 · 散文');
    expect(byClass.item.map((i: { link: string }) => i.link)).toEqual([`${ORIGIN}/bellesDetails?id=${essayId}`]);
    const byAuthor = xml.parse((await get(`/feeds/author-${writer.user.id}.atom`)).body).feed;
    expect(byAuthor.entry.length).toBeGreaterThanOrEqual(2);
    const best = xml.parse((await get('/feeds/best-week.rss')).body).rss.channel;
    expect(best.item.map((i: { link: string }) => i.link)).toContain(`${ORIGIN}/bellesDetails?id=${essayId}`);
    for (const url of ['/feeds/classification-999999.rss', '/feeds/author-999999.atom', '/feeds/latest.json', '/feeds/nothing.rss'])
      expect((await get(url)).statusCode).toBe(404);
  });
});
