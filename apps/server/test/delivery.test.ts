/**
 * How the built web app and the API go out: precompressed variants chosen by Accept-Encoding, index.html
 * (behind every app route) revalidated on every visit, hashed assets immutable, API JSON compressed above a
 * kilobyte. The web build here is a small fixture with the layout `vite build` produces.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeOf, type TestContext } from './helper.js';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-web-'));
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'拾句'.repeat(400)}</body></html>`;
const js = `console.log(${JSON.stringify('句子'.repeat(2000))});`;

function writeWithVariants(rel: string, body: string) {
  const file = path.join(web, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

let t: TestContext;
beforeAll(async () => {
  writeWithVariants('index.html', html);
  writeWithVariants('assets/index-abc123.js', js);
  t = await createTestApp({}, { WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('web delivery', () => {
  it.each([
    ['br, gzip', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('serves the %s variant of a hashed asset, immutable', async (accept, encoding, decode) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toContain('accept-encoding');
    expect(decode(res.rawPayload).toString()).toBe(js);
  });

  it('serves the plain file to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it.each(['/space', '/index.html', '/no-such-page'])('answers %s with index.html marked no-cache', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('compresses API JSON above the threshold and leaves small answers alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ ...routeOf('health'), headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('00000');
  });
});
