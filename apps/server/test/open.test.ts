// 随机一句: the open sentence API — filters, encodings, CORS on its path only, no repeats, rate limit, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SENTENCE_RECENT, type CallInput } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, routeOf, signUp, type TestContext } from './helper.js';
import { seedTaxonomy } from './fixtures.js';
import { essays, essayTags, users } from '../src/db/schema.js';
import { decodeDrawToken, encodeDrawToken } from '../src/modules/open/index.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let authorId: number;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  authorId = (await signUp(t.app)).user.id;
  const db = t.database.db;
  const publishedAt = new Date();
  // 250 short sentences under 美句; 5 under 散文, two tagged 思乡; one essay, one draft (never drawn).
  const many = Array.from({ length: 250 }, (_, i) => ({
    type: 'sentence' as const,
    content: `第${i}句：山高月小，水落石出。`,
    source: i % 2 ? '苏轼《后赤壁赋》' : '《论语·学而》',
    classificationId: tx.meiju.id,
    authorId,
    status: 'published' as const,
    publishedAt,
  }));
  await db.insert(essays).values(many);
  const few = await db
    .insert(essays)
    .values([
      ...Array.from({ length: 5 }, (_, i) => ({
        type: 'sentence' as const,
        content: i === 0 ? '他说："</script><script>alert(1)</script>" & \'引号\'' : `散文短句${i}，长长长长长长长长长长长长长长长长。`,
        source: '李白《静夜思》',
        workAuthor: '李白',
        dynasty: '唐',
        workTitle: '静夜思',
        classificationId: tx.sanwen.id,
        authorId,
        status: 'published' as const,
        publishedAt,
      })),
      {
        type: 'essay' as const,
        title: '长文',
        content: '<p>不是句子</p>',
        classificationId: tx.sanwen.id,
        authorId,
        status: 'published' as const,
      },
      { type: 'sentence' as const, content: '草稿不可见', classificationId: tx.sanwen.id, authorId, status: 'draft' as const },
    ])
    .returning({ id: essays.id });
  await db.insert(essayTags).values([
    { essayId: few[1]!.id, tagId: tx.sixiang.id },
    { essayId: few[2]!.id, tagId: tx.sixiang.id },
  ]);
});
afterAll(async () => t?.close());

type DrawQuery = CallInput<'openSentence'>['query'];
let ipSeq = 0;
// Each draw from its own address: the per-IP rate limit has a test of its own below.
const nextAddress = () => `10.50.${++ipSeq >> 8}.${ipSeq & 255}`;
/** A draw as the response came (for the text and script encodings, and the headers). */
const drawRaw = (query: DrawQuery = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ ...routeOf('openSentence', { query }), headers, remoteAddress: nextAddress() });
const draw = (query: DrawQuery = {}, headers: Record<string, string> = {}) =>
  callAs(t.app, 'openSentence', { query }, undefined, { headers, remoteAddress: nextAddress() });

describe('open sentence: filters and shape', () => {
  it('answers one published sentence with its author, source, classification, tags, link and length', async () => {
    const r = await callAs(t.app, 'openSentence', { query: { classificationId: tx.sanwen.id, tagId: tx.sixiang.id } }, undefined, {
      remoteAddress: '10.51.0.1',
    });
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({
      author: '李白',
      dynasty: '唐',
      original: false,
      poster: { role: '分享' },
      source: '李白《静夜思》',
      classification: { id: tx.sanwen.id, name: '散文' },
      tags: [{ id: tx.sixiang.id, name: '思乡' }],
      length: [...r.data.text].length,
    });
    expect(r.data.link).toMatch(new RegExp(`/bellesDetails\\?id=${r.data.id}$`));
    expect(r.data.token).toMatch(/^[\w-]+$/);
  });

  it('applies length and author filters, and never draws essays or drafts', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await callAs(t.app, 'openSentence', { query: { classificationId: tx.sanwen.id, minLength: 25, author: '李白' } });
      expect(r.code).toBe('00000');
      expect(r.data.length).toBeGreaterThanOrEqual(25);
      expect(r.data.author).toBe('李白');
      expect(r.data.text).not.toContain('草稿');
      expect(r.data.text).not.toContain('不是句子');
    }
    const none = await callAs(t.app, 'openSentence', { query: { author: '杜甫' } });
    expect(none.code).toBe('A0404');
  });

  it('names the problem with bad input (A0400)', async () => {
    for (const query of [
      { minLength: 10, maxLength: 5 },
      { encode: 'xml' },
      { classificationId: 'abc' },
      { select: 'a{}</script>' },
      { token: '!!' },
    ]) {
      const r = await callUnchecked(t.app, 'openSentence', { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.code, JSON.stringify(query)).toBe('A0400');
    }
    const forged = await callAs(t.app, 'openSentence', {
      query: { token: Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).toString('base64url') },
    });
    expect(forged.code).toBe('A0400');
    expect(forged.msg).toContain('token');
  });
});

describe('open sentence: encodings', () => {
  it('text: just the sentence, as plain text', async () => {
    const r = await drawRaw({ classificationId: tx.meiju.id, encode: 'text' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toMatch(/^第\d+句：山高月小，水落石出。$/);
  });

  it('js: writes the sentence into the selected elements, escaped so </script> and quotes cannot break out', async () => {
    // Only the hostile sentence is 40 characters or longer.
    const r = await drawRaw({ classificationId: tx.sanwen.id, minLength: 40, encode: 'js', select: '#quote .text' });
    expect(r.headers['content-type']).toContain('application/javascript');
    const body = r.body;
    expect(body).toContain('alert');
    expect(body).not.toMatch(/<\/script/i);
    expect(body).toContain('\\u003c/script\\u003e');
    // Run it against a tiny DOM: the element gets the exact text, nothing else happens.
    const written: string[] = [];
    const document = {
      querySelectorAll: (sel: string) =>
        sel === '#quote .text'
          ? [
              {
                set textContent(v: string) {
                  written.push(v);
                },
              },
            ]
          : [],
    };
    new Function('document', body)(document);
    expect(written).toEqual(['他说："</script><script>alert(1)</script>" & \'引号\'']);
  });
});

describe('open sentence: other origins', () => {
  it('sends CORS * on its path only, without credentials, and answers the preflight', async () => {
    const r = await drawRaw({}, { origin: 'https://blog.example' });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(r.headers['cache-control'])).toContain('no-cache');
    const other = await t.app.inject({ ...routeOf('classificationsPage'), headers: { origin: 'https://blog.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: routeOf('openSentence').url,
      headers: { origin: 'https://blog.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
  });

  it('is rate-limited per IP with RateLimit headers and the A0501 envelope (CORS kept)', async () => {
    const ctx = await createTestApp({ rateLimits: { openSentence: { max: 3, timeWindow: 60_000 } } });
    try {
      await seedTaxonomy(ctx.database.db);
      const [u] = await ctx.database.db.insert(users).values({ username: 'rl_author', nickname: '作者', passwordHash: 'x' }).returning();
      await ctx.database.db
        .insert(essays)
        .values({ type: 'sentence', content: '一句', authorId: u!.id, status: 'published', publishedAt: new Date() });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await ctx.app.inject({ ...routeOf('openSentence'), remoteAddress: '10.60.0.1' }));
      expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
      expect(answers[2]!.headers['ratelimit-remaining']).toBe('0');
      expect(answers[3]!.statusCode).toBe(429);
      expect(answers[3]!.json().code).toBe('A0501');
      expect(answers[3]!.headers['access-control-allow-origin']).toBe('*');
      const elsewhere = await ctx.app.inject({ ...routeOf('openSentence'), remoteAddress: '10.60.0.2' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe(`open sentence: no repeats within ${OPEN_SENTENCE_RECENT} draws`, () => {
  it('a visitor on our pages (cookie) sees 200 different sentences from a set of 250', async () => {
    // The page load gave the visitor our cookie; the memory starts with it.
    const page = await t.app.inject(routeOf('classificationsPage'));
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^sj_vid=/);
    const seen = new Set<number>();
    for (let i = 0; i < OPEN_SENTENCE_RECENT; i++) seen.add((await draw({ classificationId: tx.meiju.id }, { cookie })).data.id);
    expect(seen.size).toBe(OPEN_SENTENCE_RECENT);
  });

  it('a signed-in reader is remembered by account', async () => {
    const u = await signUp(t.app);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) seen.add((await draw({ classificationId: tx.meiju.id }, { authorization: `Bearer ${u.token}` })).data.id);
    expect(seen.size).toBe(60);
  });

  it('an embed without cookies gets the same guarantee by sending back the token', async () => {
    const seen = new Set<number>();
    let token = '';
    for (let i = 0; i < OPEN_SENTENCE_RECENT; i++) {
      const r = await draw({ classificationId: tx.meiju.id, token: token || undefined });
      seen.add(r.data.id);
      token = r.data.token;
    }
    expect(seen.size).toBe(OPEN_SENTENCE_RECENT);
    expect(decodeDrawToken(token)).toHaveLength(OPEN_SENTENCE_RECENT);
  });

  it('when the filter runs out of fresh sentences it repeats rather than failing', async () => {
    let token = '';
    for (let i = 0; i < 8; i++) {
      const r = await draw({ tagId: tx.sixiang.id, token: token || undefined });
      expect(r.code).toBe('00000');
      token = r.data.token;
    }
  });

  it('the token codec round-trips ids in order', () => {
    const ids = [5, 346000, 17, 2147483647, 1, 99];
    expect(decodeDrawToken(encodeDrawToken(ids))).toEqual(ids);
  });
});
