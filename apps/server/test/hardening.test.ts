/**
 * The holes an outside probe found, one block per finding: each test failed before its fix.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { callAs, createTestApp, type TestContext } from './helper.js';
import { makeAdmin, makeUser, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { ads, collectionFolders, rateCounters, users } from '../src/db/schema.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { AD_CLICKS_PER_ADDRESS } from '../src/modules/ads/index.js';
import { MARKUP_LIMITS, markupProblem } from '../src/lib/html.js';
import { STALE_COUNTER_DAYS } from '../src/modules/limits/index.js';
import { JOBS } from '../src/jobs/scheduler.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
beforeAll(async () => {
  // The publishing limits at their defaults (the test helper raises them for the other files).
  t = await createTestApp({}, { PUBLISHES_PER_HOUR: '30', NEW_ACCOUNT_PUBLISHES_PER_HOUR: '10' });
  tx = await seedTaxonomy(t.database.db);
});
afterAll(async () => t?.close());

describe('1 · markup is bounded before the sanitiser sees it', () => {
  /** The probe's body: 66,000 unclosed <b> (193 KB) with a word in it. */
  const probe = '<b>'.repeat(66_000) + '字';
  const essay = (content: string) => ({ type: 'essay' as const, title: '题', content, classificationId: tx.meiju.id });

  it('the pre-scan finds each limit in one pass, and lets ordinary essays through', () => {
    const L = { tags: 10, depth: 3, tagChars: 30, attributed: 2, entities: 2, text: 20 };
    expect(markupProblem('<p>一<b>二</b></p><p>三<br>四<img src="/x.png"></p>', { ...L, tags: 20 })).toBeNull();
    expect(markupProblem('<b><i><u>深</u></i></b>', L)).toBeNull();
    expect(markupProblem('<b><i><u><s>深</s></u></i></b>', L)).toContain('嵌套过深');
    // Closing a tag that is not open closes nothing (the parser's stack keeps growing), so it does not hide depth.
    expect(markupProblem('<b></i><b></i><b></i><b></i>', L)).toContain('嵌套过深');
    // A parser closes <p> when the next opens, and void elements never open.
    expect(markupProblem('<p>一<p>二<p>三<p>四<br><br><hr>', L)).toBeNull();
    expect(markupProblem('<br>'.repeat(11), L)).toContain('标签过多');
    expect(markupProblem('<br>'.repeat(10), L)).toBeNull();
    expect(markupProblem(`<a href="${'x'.repeat(30)}">`, L)).toContain('标签过长');
    expect(markupProblem('<a href="/a">一</a><img src="/b.png" /><br/>', L)).toBeNull();
    expect(markupProblem('<a href="/a">一</a><a href="/b">二</a><a href="/c">三</a>', L)).toContain('带属性的标签（链接、图片）过多');
    expect(markupProblem('&amp;&lt;&#x4e00;', L)).toContain('实体过多');
    expect(markupProblem('a & b < c', L)).toBeNull();
    expect(markupProblem('字'.repeat(21), L)).toContain('内容过长');
    expect(markupProblem(probe)).toContain(`标签嵌套过深（最多 ${MARKUP_LIMITS.depth} 层）`);
    // The largest ordinary essay: 20,000 characters in 500 paragraphs, each with emphasis and a link.
    const para = `<p>${'字'.repeat(36)}<strong>重</strong><em>轻</em><a href="https://example.com/a">链</a></p>`;
    expect(markupProblem(para.repeat(500))).toBeNull();
  });

  it('refuses the probe’s body with the envelope on every write that takes markup, naming the problem', async () => {
    const writer = await makeUser(t.app);
    const editor = await makeAdmin(t);
    const expectRefused = (r: { status: number; code: string; msg: string }, what: string) => {
      expect(r.code, what).toBe('A0400');
      expect(r.status, what).toBe(400);
      expect(r.msg, what).toBe(`请求参数错误：content 标签嵌套过深（最多 ${MARKUP_LIMITS.depth} 层）`);
    };
    expectRefused(await callAs(t.app, 'createEssay', { body: { ...essay(probe), status: 'publish' } }, writer.token), 'createEssay');
    expectRefused(await callAs(t.app, 'createEssay', { body: { ...essay(probe), status: 'draft' } }, writer.token), 'draft');
    const ok = await callAs(t.app, 'createEssay', { body: { ...essay('<p>春风<b>又绿</b>江南岸</p>'), status: 'publish' } }, writer.token);
    expect(ok.code).toBe('00000');
    const id = ok.data.id;
    expectRefused(
      await callAs(t.app, 'updateEssay', { params: { id }, body: { ...essay(probe), status: 'publish' } }, writer.token),
      'updateEssay',
    );
    expectRefused(await callAs(t.app, 'checkDuplicates', { body: { type: 'essay', content: probe } }, editor.token), 'checkDuplicates');
    // The check reads no more words than a text may have.
    const long = await callAs(t.app, 'checkDuplicates', { body: { type: 'sentence', content: '字'.repeat(20_001) } }, editor.token);
    expect([long.code, long.msg]).toEqual(['A0400', '请求参数错误：content 内容不能超过 20000 字']);
    expectRefused(
      // Announcements take at most 100,000 characters: 30,000 unclosed <b>.
      await callAs(t.app, 'adminCreateAnnouncement', { body: { title: '公告', content: '<b>'.repeat(30_000) + '告' } }, editor.token),
      'adminCreateAnnouncement',
    );
    const note = '<em>'.repeat(2_900) + '注'; // notes take at most 12,000 characters
    expectRefused(
      await callAs(t.app, 'proposeNote', { body: { essayId: id, kind: 'appreciation', content: note } }, writer.token),
      'proposeNote',
    );
  });
});

describe('2 · publishing is rate-limited, stricter for new accounts', () => {
  const WAIT = /^请求过于频繁，请稍后再试：发布过于频繁，请在 (\d+) (秒|分钟)后再试$/;
  const sentence = (n: number) => `第${n}句：${crypto.randomBytes(6).toString('hex')}，春风又绿江南岸。`;
  const write = (who: TestUser, n: number, status: 'publish' | 'draft' = 'publish') =>
    callAs(t.app, 'createEssay', { body: { type: 'sentence', content: sentence(n), classificationId: tx.meiju.id, status } }, who.token);
  const ageOf = (who: TestUser, days: number) =>
    t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
      .where(eq(users.id, who.id));

  it('has the documented defaults, and checks its settings', () => {
    const c = loadConfig({ ...process.env });
    expect(c.publishLimits).toEqual({ perHour: 30, newAccountPerHour: 10 });
    expect(() => loadConfig({ ...process.env, PUBLISHES_PER_HOUR: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...process.env, NEW_ACCOUNT_PUBLISHES_PER_HOUR: 'x' })).toThrow(ConfigError);
  });

  it('a new account publishing in a burst is stopped at its limit, told when it may post again; drafts still save', async () => {
    const fresh = await makeUser(t.app);
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await write(fresh, i));
    expect(answers.filter((a) => a.code === '00000')).toHaveLength(10);
    const refused = answers.slice(10);
    for (const r of refused) {
      expect(r.code).toBe('A0501');
      expect(r.status).toBe(429);
      const [, n, unit] = WAIT.exec(r.msg) ?? [];
      expect(Number(n) * (unit === '分钟' ? 60 : 1), r.msg).toBeGreaterThan(0);
      expect(Number(n) * (unit === '分钟' ? 60 : 1), r.msg).toBeLessThanOrEqual(3600);
    }
    // Saving a draft is not publishing; publishing that draft is.
    const draft = await write(fresh, 100, 'draft');
    expect(draft.code).toBe('00000');
    const published = await callAs(
      t.app,
      'updateEssay',
      {
        params: { id: draft.data.id },
        body: { type: 'sentence', content: sentence(101), classificationId: tx.meiju.id, status: 'publish' },
      },
      fresh.token,
    );
    expect(published.code).toBe('A0501');
    expect(published.msg).toMatch(WAIT);
  });

  it('holds under a parallel burst (70 at once: the limit passes, no more)', async () => {
    const fresh = await makeUser(t.app);
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => write(fresh, i)));
    expect(answers.filter((a) => a.code === '00000')).toHaveLength(10);
    expect(answers.filter((a) => a.code === 'A0501')).toHaveLength(60);
  });

  it('an established account has the higher limit; editors have none; a new window lets a writer post again', async () => {
    const old = await makeUser(t.app);
    await ageOf(old, 30);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await write(old, i)).code);
    expect(answers.slice(0, 30).every((c) => c === '00000')).toBe(true);
    expect(answers[30]).toBe('A0501');
    // The hour is over (the counters are the shared ones, in the database).
    await t.database.db
      .update(rateCounters)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(eq(rateCounters.key, `publish:${old.id}`));
    expect((await write(old, 99)).code).toBe('00000');
    const editor = await makeAdmin(t);
    for (let i = 0; i < 12; i++) expect((await write(editor, i)).code).toBe('00000');
  });
});

describe('3 · an ad click counts once per visitor per ad per window', () => {
  const clicksOf = async (id: number) => (await t.database.db.select().from(ads).where(eq(ads.id, id)))[0]!.clicks;
  const newAd = async (title: string) =>
    (await t.database.db.insert(ads).values({ title, image: '/brand/ad-1.svg', link: '/myOrder', position: 5 }).returning())[0]!.id;
  const click = (id: number, remoteAddress: string, headers: Record<string, string> = {}, token?: string) =>
    callAs(t.app, 'adsClick', { params: { id } }, token, { remoteAddress, headers });

  it('one address without a cookie clicking 20 times in a row counts once, and still gets the link every time', async () => {
    const id = await newAd('连点');
    for (let i = 0; i < 20; i++) expect((await click(id, '10.40.0.1')).data).toEqual({ link: '/myOrder' });
    expect(await clicksOf(id)).toBe(1);
    // Another ad, another address: each counts on its own.
    const other = await newAd('另一条');
    await click(other, '10.40.0.1');
    await click(id, '10.40.0.2');
    expect([await clicksOf(id), await clicksOf(other)]).toEqual([2, 1]);
  });

  it('a visitor (cookie) or a reader (signed in) counts once, also clicking in parallel', async () => {
    const id = await newAd('访客');
    const cookie = { cookie: 'sj_vid=clicker-one-00000000001' };
    await Promise.all(Array.from({ length: 8 }, () => click(id, '10.41.0.1', cookie)));
    expect(await clicksOf(id)).toBe(1);
    const reader = await makeUser(t.app);
    for (const address of ['10.41.0.2', '10.41.0.3', '10.41.0.4']) await click(id, address, {}, reader.token);
    expect(await clicksOf(id)).toBe(2);
  });

  it('fresh cookies from one address count at most AD_CLICKS_PER_ADDRESS', async () => {
    const id = await newAd('换饼干');
    for (let i = 0; i < AD_CLICKS_PER_ADDRESS + 10; i++)
      await click(id, '10.42.0.1', { cookie: `sj_vid=rotating-cookie-${String(i).padStart(8, '0')}` });
    expect(await clicksOf(id)).toBe(AD_CLICKS_PER_ADDRESS);
  });

  it('counts the same visitor again once the window (AD_CLICK_WINDOW_MINUTES) is over; the setting is checked', async () => {
    expect(t.config.adClickWindowMinutes).toBe(1440);
    expect(() => loadConfig({ ...process.env, AD_CLICK_WINDOW_MINUTES: '0' })).toThrow(ConfigError);
    expect(loadConfig({ ...process.env, AD_CLICK_WINDOW_MINUTES: '30' }).adClickWindowMinutes).toBe(30);
    const id = await newAd('过了窗口');
    await click(id, '10.43.0.1');
    await click(id, '10.43.0.1');
    expect(await clicksOf(id)).toBe(1);
    // The window's counters (shared by every process, in the database) are a day old: a new window.
    await t.database.db
      .update(rateCounters)
      .set({ windowStart: sql`now() - interval '1441 minutes'` })
      .where(like(rateCounters.key, `adclick:${id}:%`));
    await click(id, '10.43.0.1');
    expect(await clicksOf(id)).toBe(2);
  });
});

describe('3 · the shared counters do not only grow', () => {
  it('the hourly job drops counters whose window ended over a month ago, and keeps the rest', async () => {
    const prune = JOBS.find((j) => j.name === 'prune-rate-counters')!;
    await t.database.db.insert(rateCounters).values([
      { key: 'adclick:0:stale', count: 1, windowStart: sql`now() - make_interval(days => ${STALE_COUNTER_DAYS + 1})` },
      { key: 'adclick:0:recent', count: 1, windowStart: sql`now() - interval '29 days'` },
    ]);
    await prune.run(t.database.db, t.config, console, t.app.runtime);
    const left = await t.database.db.select().from(rateCounters).where(like(rateCounters.key, 'adclick:0:%'));
    expect(left.map((r) => r.key)).toEqual(['adclick:0:recent']);
  });
});

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

describe('6 · a body far over the limit gets the envelope, then the connection closes', () => {
  /** Writes `bytes` of filler to `out` as fast as it drains, then calls `done`. */
  function pump(out: NodeJS.WritableStream, bytes: number, done: () => void) {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!out.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void out.once('drain', write);
      }
      done();
    };
    write();
  }
  /** Posts `bytes` of JSON to the listening app over a real socket, writing all of it as a client would. */
  function postHuge(port: number, bytes: number, chunked: boolean) {
    return new Promise<{ status: number; body: string; connection: string | undefined } | { error: string }>((resolve) => {
      let settled = false;
      const settle = (v: { status: number; body: string; connection: string | undefined } | { error: string }) => {
        if (!settled) resolve(v);
        settled = true;
      };
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/login',
        agent: false,
        headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(bytes) }) },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => settle({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        res.on('error', (err) => settle({ error: `response: ${err.message}` }));
      });
      req.on('error', (err) => settle({ error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` }));
      req.write('{"username":"');
      pump(req, bytes - 14, () => req.end());
    });
  }

  /**
   * The same with a client that sends its whole request before it reads (as simple clients and proxies do): a server
   * that closes while such a client is still sending resets the connection, and the answer is lost.
   */
  function postHugeThenRead(port: number, bytes: number) {
    return new Promise<{ status: number; headers: string; body: string } | { error: string }>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.pause();
      let got = '';
      s.on('error', (err: NodeJS.ErrnoException) => resolve({ error: `${err.code ?? ''} ${err.message}, read ${got.length}` }));
      s.on('close', () => {
        const [head = '', body = ''] = got.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      });
      s.write(`POST /api/v1/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`);
      pump(s, bytes, () => {
        s.setEncoding('utf8');
        s.on('data', (c: string) => (got += c));
        s.resume();
      });
    });
  }

  it('answers A0400 请求体过大 over a socket every time, with or without a content-length', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (served.app.server.address() as AddressInfo).port;
      for (let i = 0; i < 6; i++)
        for (const chunked of [false, true]) {
          const r = await postHuge(port, 5 * 1024 * 1024, chunked);
          expect(r, `attempt ${i}, ${chunked ? 'chunked' : 'content-length'}`).toMatchObject({ status: 400, connection: 'close' });
          const envelope = JSON.parse((r as { body: string }).body);
          expect(envelope).toEqual({ code: 'A0400', msg: '请求参数错误：请求体过大', data: null });
        }
      for (let i = 0; i < 3; i++) {
        const r = await postHugeThenRead(port, 5 * 1024 * 1024);
        expect(r, `attempt ${i}, whole body before reading`).toMatchObject({ status: 400 });
        expect((r as { headers: string }).headers).toContain('connection: close');
        expect(JSON.parse((r as { body: string }).body)).toEqual({ code: 'A0400', msg: '请求参数错误：请求体过大', data: null });
      }
    } finally {
      await served.close();
    }
  });
});
