/**
 * Reading preferences on the account (read, save, bad input) and pages in 繁體: the server converts its drawn pages
 * and their embedded answers on the `zh_variant` cookie or `?zh=hant`, answers them private, and keeps the
 * Simplified page as the canonical one; request headers (Accept-Language) never switch it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READING_PREFS } from '@shiju/contract/core';
import { publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, callUnchecked, createTestApp, signUp, writeWebDist, type TestContext } from './helper.js';

const ORIGIN = 'https://shiju.example.com';
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-zh-'));
const template = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>拾句</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
/** A stand-in prerenderer: draws a text's page from the details answer and embeds that answer. */
const prerenderer = `let transport;
export const SERVER_STATE_ID = 'shiju-state';
export const PRERENDERED_PATHS = ['/bellesDetails'];
export function setTransport(t) { transport = t; }
export async function prerender(url) {
  const u = new URL(url, 'http://x');
  const res = await transport('/api/v1/pc/essays/details', {
    method: 'POST',
    headers: new Headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ id: Number(u.searchParams.get('id')) }),
  });
  const { data } = await res.json();
  const zh = u.searchParams.get('zh') ?? 'none';
  return { html: '<main data-asked-zh="' + zh + '"><h1>' + data.content + '</h1><a href="/author?name=' + encodeURIComponent('欧阳修') + '">欧阳修</a></main>', state: { text: data.content } };
}
`;

let t: TestContext;
let essayId: number;

beforeAll(async () => {
  writeWebDist(web, template, prerenderer);
  t = await createTestApp({}, { WEB_DIST: web, PUBLIC_URL: ORIGIN });
  const tx = await seedTaxonomy(t.database.db);
  const writer = await signUp(t.app);
  essayId = (await publishText(t.app, writer, { content: '发现这里的头发与云彩都很干净', classificationId: tx.meiju.id })).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('reading preferences on the account', () => {
  it('answers the defaults until saved, merges what is sent and keeps it', async () => {
    const u = await signUp(t.app);
    const first = await callAs(t.app, 'readingPrefs', {}, u.token);
    expect(first.code).toBe('00000');
    expect(first.data).toEqual({ ...DEFAULT_READING_PREFS, saved: false });

    const saved = await callAs(t.app, 'saveReadingPrefs', { body: { theme: 'dark', zh: 'hk', fontSize: 4 } }, u.token);
    expect(saved.code).toBe('00000');
    expect(saved.data).toEqual({ ...DEFAULT_READING_PREFS, theme: 'dark', zh: 'hk', fontSize: 4, saved: true });

    const more = await callAs(
      t.app,
      'saveReadingPrefs',
      { body: { pinyin: true, vertical: true, lineHeight: 'loose', font: 'sans' } },
      u.token,
    );
    expect(more.data).toEqual({
      theme: 'dark',
      fontSize: 4,
      lineHeight: 'loose',
      font: 'sans',
      zh: 'hk',
      pinyin: true,
      vertical: true,
      saved: true,
    });
    expect((await callAs(t.app, 'readingPrefs', {}, u.token)).data).toEqual(more.data);

    // Another account's preferences are its own.
    const other = await signUp(t.app);
    expect((await callAs(t.app, 'readingPrefs', {}, other.token)).data).toEqual({ ...DEFAULT_READING_PREFS, saved: false });
  });

  it('needs a signed-in reader', async () => {
    expect((await callAs(t.app, 'readingPrefs', {})).code).toBe('A0230');
    expect((await callAs(t.app, 'saveReadingPrefs', { body: { theme: 'dark' } })).code).toBe('A0230');
  });

  it.each([
    ['theme', { theme: 'purple' }],
    ['fontSize', { fontSize: 9 }],
    ['fontSize', { fontSize: '2' }],
    ['lineHeight', { lineHeight: 3 }],
    ['font', { font: 'comic' }],
    ['zh', { zh: 'hant' }],
    ['pinyin', { pinyin: 'yes' }],
    ['vertical', { vertical: null }],
  ])('refuses a bad %s with A0400 naming it, and changes nothing', async (field, body) => {
    const u = await signUp(t.app);
    const r = await callUnchecked(t.app, 'saveReadingPrefs', { body }, u.token);
    expect(r.status).toBe(400);
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(field);
    expect((await callAs(t.app, 'readingPrefs', {}, u.token)).data).toEqual({ ...DEFAULT_READING_PREFS, saved: false });
  });

  it('refuses a field it does not know', async () => {
    const u = await signUp(t.app);
    const r = await callUnchecked(t.app, 'saveReadingPrefs', { body: { colour: 'red' } }, u.token);
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('colour');
  });
});

describe('pages in 繁體', () => {
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const canonical = () => `<link rel="canonical" href="${ORIGIN}/bellesDetails?id=${essayId}" data-ssr />`;

  it('draws 简体 by default and for any Accept-Language', async () => {
    for (const headers of [{}, { 'accept-language': 'zh-TW,zh-Hant;q=0.9' }] as Record<string, string>[]) {
      const res = await page(`/bellesDetails?id=${essayId}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('发现这里的头发与云彩都很干净');
      expect(res.headers['cache-control']).not.toContain('private');
      expect(res.body).toContain('<html lang="zh-CN">');
    }
  });

  it.each([
    ['?zh=hant', `/bellesDetails?id=ID&zh=hant`, {}, 'tw'],
    ['the tw cookie', `/bellesDetails?id=ID`, { cookie: 'a=1; zh_variant=tw' }, 'tw'],
    ['the hk cookie', `/bellesDetails?id=ID`, { cookie: 'zh_variant=hk' }, 'hk'],
  ])('converts the page and its embedded answers on %s, private, Simplified canonical', async (_name, url, headers, variant) => {
    const res = await page(url.replace('ID', String(essayId)), headers as Record<string, string>);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    // Phrase level: 头发 → 頭髮, 发现 → 發現, 干净 → 乾淨, 云彩 → 雲彩.
    expect(res.body).toContain('<h1>發現這裡的頭髮與雲彩都很乾淨</h1>'.replace('這裡', variant === 'hk' ? '這裏' : '這裡'));
    // The app drew the page knowing the variant (it shows stored Traditional originals then).
    expect(res.body).toContain(`data-asked-zh="${url.includes('zh=hant') ? 'hant' : variant}"`);
    const state = /<script type="application\/json" id="shiju-state">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(JSON.parse(state).text).toContain('頭髮');
    // Everything but the JSON-LD for search engines, which stays 简体 as the canonical page does.
    const ld = /<script type="application\/ld\+json" data-ssr>.*?<\/script>/s.exec(res.body)![0];
    expect(ld).toContain('头发');
    expect(res.body.replace(ld, '')).not.toContain('头发');
    expect(res.body).toContain('<title>拾句 | ');
    expect(res.body).toContain(`<html lang="${variant === 'hk' ? 'zh-Hant-HK' : 'zh-Hant-TW'}" data-zh="${variant}">`);
    // The canonical page is the Simplified one; links keep their Simplified addresses.
    expect(res.body).toContain(canonical());
    expect(res.body).toContain(`href="/author?name=${encodeURIComponent('欧阳修')}">歐陽修</a>`);
  });

  it('?zh=hans draws 简体 even with the cookie', async () => {
    const res = await page(`/bellesDetails?id=${essayId}&zh=hans`, { cookie: 'zh_variant=tw' });
    expect(res.body).toContain('头发');
    expect(res.headers['cache-control']).not.toContain('private');
    expect(res.body).toContain('data-asked-zh="hans"');
  });
});
