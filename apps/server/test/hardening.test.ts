/**
 * The holes an outside probe found, one block per finding: each test failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, createTestApp, type TestContext } from './helper.js';
import { makeUser } from './factories.js';
import { collectionFolders } from '../src/db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('4 · collection covers are this site’s uploads only', () => {
  const own = '/uploads/2026/11/0123456789abcdef0123456789abcdef.webp';

  it('refuses any other address on create and update, naming the cover', async () => {
    const r = await makeUser(t.app);
    for (const cover of ['https://evil.example/track.png', 'http://example.com/a.jpg', '/uploads/../etc/passwd', '/uploads/x.png']) {
      const made = await callAs(t.app, 'createCollection', { body: { name: '远方', cover } }, r.token);
      expect(made.code, cover).toBe('A0400');
      expect(made.msg).toContain('封面');
    }
    const ok = await callAs(t.app, 'createCollection', { body: { name: '近处', cover: own } }, r.token);
    expect(ok.code).toBe('00000');
    expect(ok.data.cover).toBe(own);
    const changed = await callAs(
      t.app,
      'updateCollection',
      { params: { id: ok.data.id }, body: { cover: 'https://evil.example/track.png' } },
      r.token,
    );
    expect(changed.code).toBe('A0400');
    expect(changed.msg).toContain('封面');
  });

  it('never shows a foreign cover stored before the rule, on the API or as the page’s og:image', async () => {
    const r = await makeUser(t.app);
    const made = await callAs(t.app, 'createCollection', { body: { name: '旧封面' } }, r.token);
    await t.database.db
      .update(collectionFolders)
      .set({ cover: 'https://evil.example/track.png' })
      .where(eq(collectionFolders.id, made.data.id));
    const shown = await callAs(t.app, 'collection', { params: { id: made.data.id } });
    expect(shown.code).toBe('00000');
    expect(shown.data.cover).toBeNull();
  });
});

describe('5 · the visitor cookie and the docs page follow the documented headers', () => {
  const ping = (ctx: TestContext, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/pc/pc-users/userActive', remoteAddress: '127.0.0.1', headers });

  it('sj_vid is Secure when the request came over HTTPS (as a trusted proxy reports), not over plain HTTP', async () => {
    const plain = await ping(t);
    expect(String(plain.headers['set-cookie'])).toMatch(/^sj_vid=/);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    // An untrusted client's claim of HTTPS changes nothing.
    expect(String((await ping(t, { 'x-forwarded-proto': 'https' })).headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    const behind = await createTestApp({}, { TRUST_PROXY: '127.0.0.1' });
    try {
      const tls = await ping(behind, { 'x-forwarded-proto': 'https' });
      expect(String(tls.headers['set-cookie'])).toMatch(/^sj_vid=[\w-]+;.*;\s*Secure/i);
      expect(String(tls.headers['set-cookie'])).toContain('HttpOnly');
    } finally {
      await behind.close();
    }
  });

  it('/api/docs has the one framing policy, frame-ancestors none', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const r = await t.app.inject({ method: 'GET', url });
      const csp = String(r.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("frame-ancestors 'self'");
      expect(r.headers['x-frame-options'], url).toBeUndefined();
    }
  });
});
