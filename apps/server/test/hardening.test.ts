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
