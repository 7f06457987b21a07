/**
 * essayView: the view of a text whose page the server drew (its own calls count none), counted through the view
 * buffer like the details call's: once per viewer, text and hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, createTestApp, signUp, type CallExtras, type TestContext } from './helper.js';
import { seedTaxonomy } from './fixtures.js';
import { publishText } from './factories.js';
import { essays } from '../src/db/schema.js';
import { prerenderHeaders } from '../src/http/prerender.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let author: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  author = await signUp(t.app);
});
afterAll(async () => t?.close());

const visitor = (key: string) => ({ headers: { cookie: `sj_vid=${key}` } });
const view = (id: unknown, token?: string, extras: CallExtras = {}) =>
  callAs(t.app, 'essayView', { body: { id: id as number } }, token, extras);
const viewsOf = async (id: number) => (await t.database.db.select({ v: essays.views }).from(essays).where(eq(essays.id, id)))[0]!.v;

describe('essayView', () => {
  it('counts a view once per viewer per text per hour, through the buffer', async () => {
    const text = await publishText(t.app, author, { content: '山重水复疑无路，柳暗花明又一村。', classificationId: tx.meiju.id });
    const reader = await signUp(t.app);

    const first = await view(text.id, undefined, visitor('view-test-visitor-0001'));
    expect(first).toMatchObject({ code: '00000', data: null });
    await view(text.id, undefined, visitor('view-test-visitor-0001'));
    await view(text.id, reader.token);
    await view(text.id, reader.token);
    // Held in the buffer until it flushes.
    expect(await viewsOf(text.id)).toBe(0);
    await t.app.runtime.views.flush();
    expect(await viewsOf(text.id)).toBe(2);

    // The same viewers again within the hour: nothing new; a new visitor: one more.
    await view(text.id, undefined, visitor('view-test-visitor-0001'));
    await view(text.id, reader.token);
    await view(text.id, undefined, visitor('view-test-visitor-0002'));
    await t.app.runtime.views.flush();
    expect(await viewsOf(text.id)).toBe(3);

    // The server's own prerendering calls count nothing.
    expect((await view(text.id, undefined, { headers: prerenderHeaders() })).code).toBe('00000');
    await t.app.runtime.views.flush();
    expect(await viewsOf(text.id)).toBe(3);
  });

  it('answers 404 for a missing or unpublished text, counting nothing', async () => {
    expect(await view(2_000_000_000)).toMatchObject({ status: 404, code: 'A0404', msg: '资源不存在：作品不存在或未发布' });

    const draft = await callAs(
      t.app,
      'createEssay',
      { body: { type: 'sentence', content: '草稿里的一句话。', classificationId: tx.meiju.id, status: 'draft' } },
      author.token,
    );
    expect(draft.code).toBe('00000');
    // Not even its author counts a view of a draft.
    expect(await view(draft.data.id, author.token)).toMatchObject({ status: 404, code: 'A0404' });

    const withdrawn = await publishText(t.app, author, { content: '撤回之前的一句话。', classificationId: tx.meiju.id });
    expect((await view(withdrawn.id, undefined, visitor('view-test-visitor-0003'))).code).toBe('00000');
    expect((await callAs(t.app, 'withdrawEssay', { params: { id: withdrawn.id } }, author.token)).code).toBe('00000');
    expect(await view(withdrawn.id, undefined, visitor('view-test-visitor-0004'))).toMatchObject({ status: 404, code: 'A0404' });
    await t.app.runtime.views.flush();
    expect(await viewsOf(draft.data.id)).toBe(0);
    expect(await viewsOf(withdrawn.id)).toBe(1);
  });

  it('refuses a bad id with a message in Chinese', async () => {
    for (const id of ['abc', 0, -3, 1.5, 2 ** 31, null]) {
      const r = await view(id);
      expect(r.status, String(id)).toBe(400);
      expect(r.code, String(id)).toBe('A0400');
      expect(r.msg, String(id)).toMatch(/[\u4e00-\u9fff]/);
    }
    const empty = await callAs(t.app, 'essayView', { body: {} as { id: number } });
    expect(empty.code).toBe('A0400');
    expect(empty.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('is limited per address like the other cheap writes', async () => {
    const text = await publishText(t.app, author, { content: '一日看尽长安花。', classificationId: tx.meiju.id });
    const from = { remoteAddress: '10.200.0.1', ...visitor('view-test-visitor-limit') };
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push((await view(text.id, undefined, from)).code);
    expect(answers.slice(0, 120).every((c) => c === '00000')).toBe(true);
    expect(answers[120]).toBe('A0501');
    // Another address is not held back.
    expect((await view(text.id, undefined, { remoteAddress: '10.200.0.2' })).code).toBe('00000');
  });
});
