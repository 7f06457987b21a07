/**
 * Cacheable pages: what every visitor sees alike says how long a shared cache (a CDN, a reverse proxy) may
 * keep it, with an ETag to revalidate against; anything answered to a token, or that failed, is private.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calls } from '@shiju/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE, PUBLIC_FRESHNESS, SHORT_FRESHNESS } from '../src/http/caching.js';
import { makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, writeWebDist, type TestContext } from './helper.js';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-caching-'));
const template = `<!doctype html><html lang="zh-CN"><head><title>拾句</title></head><body><div id="root"></div></body></html>`;

let t: TestContext;
let writer: TestUser;
let textId: number;
let classificationId: number;

beforeAll(async () => {
  writeWebDist(web, template);
  t = await createTestApp({}, { WEB_DIST: web });
  classificationId = (await seedTaxonomy(t.database.db)).meiju.id;
  writer = await makeUser(t.app);
  textId = (await publishText(t.app, writer, { content: '春风十里，不如你。', classificationId })).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const path404 = calls.collection.path.replace(':id', '999999');

describe('public GET calls', () => {
  it('are kept by shared caches for a visitor, with an ETag, and a matching If-None-Match gets 304 with no body', async () => {
    const first = await get(calls.classificationsPage.path, { cookie: 'sj_vid=abcdefghijklmnopqrstuv' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_FRESHNESS);
    expect(first.headers['vary']).toBe('Authorization');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(calls.classificationsPage.path, { cookie: 'sj_vid=abcdefghijklmnopqrstuv', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(calls.classificationsPage.path, { cookie: 'sj_vid=abcdefghijklmnopqrstuv', 'if-none-match': 'W/"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().code).toBe('00000');
  });

  it('change their ETag when what they answer changes', async () => {
    const url = `${calls.commentsPage.path}?essayId=${textId}&pageNum=1&pageSize=10`;
    const before = await get(url, { cookie: 'sj_vid=abcdefghijklmnopqrstuv' });
    expect(before.statusCode).toBe(200);
    const c = await callAs(t.app, 'createComment', { body: { essayId: textId, content: '写得真好' } }, writer.token);
    expect(c.code).toBe('00000');
    const after = await get(url, { cookie: 'sj_vid=abcdefghijklmnopqrstuv', 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('写得真好');
  });

  it('are private and never stored when the request carries a token, even a bad one', async () => {
    for (const authorization of [`Bearer ${writer.token}`, 'Bearer not-a-real-token-at-all-000000']) {
      const res = await get(calls.classificationsPage.path, { authorization });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE);
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('are private when they set the visitor cookie, fail, or change with every request', async () => {
    const fresh = await get(calls.classificationsPage.path);
    expect(fresh.headers['set-cookie']).toBeDefined();
    expect(fresh.headers['cache-control']).toBe(PRIVATE);
    const missing = await get(path404, { cookie: 'sj_vid=abcdefghijklmnopqrstuv' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('A0404');
    expect(missing.headers['cache-control']).toBe(PRIVATE);
    expect((await get(calls.health.path)).headers['cache-control']).toBe(PRIVATE);
  });

  it('use the short end where a user controls who may see them', async () => {
    const res = await get(calls.userProfile.path.replace(':id', String(writer.id)), { cookie: 'sj_vid=abcdefghijklmnopqrstuv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SHORT_FRESHNESS);
  });

  it('leave the POST reads as they were', async () => {
    const r = await t.app.inject({ method: 'POST', url: calls.essayDetails.path, payload: { id: textId } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBeUndefined();
    expect(r.headers.etag).toBeUndefined();
  });
});

describe('server-rendered pages', () => {
  it("are every visitor's for a minute in shared caches, revalidated by ETag", async () => {
    const res = await get(`/bellesDetails?id=${textId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_FRESHNESS);
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await get(`/bellesDetails?id=${textId}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('use the short end for profiles and 收藏夹, and are private in 繁體 or when missing', async () => {
    expect((await get(`/othersInfor?id=${writer.id}`)).headers['cache-control']).toBe(SHORT_FRESHNESS);
    expect((await get(`/bellesDetails?id=${textId}`, { cookie: 'zh_variant=tw' })).headers['cache-control']).toContain('private');
    const gone = await get('/bellesDetails?id=99999999');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe(PRIVATE);
  });
});
