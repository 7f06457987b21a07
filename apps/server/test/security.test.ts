// Regression tests for the weaknesses an attacker found, one block per item.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CallInput } from '@shiju/contract';
import { callAs, createTestApp, multipart, routeOf, signUp, type TestContext } from './helper.js';
import { publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { essays, users } from '../src/db/schema.js';
import { loadConfig, ConfigError, parseTrustProxy } from '../src/config.js';
import { COMMENT_BURST } from '../src/modules/comments/index.js';
import { ACCOUNT_MAX_ATTEMPTS, LOGIN_MAX_FAILURES } from '../src/modules/auth/index.js';
import { BusyError, JobQueue } from '../src/lib/jobQueue.js';
import { safeErrSerializer } from '../src/lib/logSafe.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
});
afterAll(async () => t?.close());

const login = (username: string, password: string, remoteAddress = '10.9.9.9', headers: Record<string, string> = {}) =>
  callAs(t.app, 'login', { body: { username, password } }, undefined, { remoteAddress, headers });
const register = (body: Omit<CallInput<'register'>['body'], 'agree'>, remoteAddress = '10.7.0.1') =>
  callAs(t.app, 'register', { body: { agree: true, ...body } }, undefined, { remoteAddress });

describe('1 · proxy trust', () => {
  it('refuses TRUST_PROXY=true and accepts a hop count or proxy addresses', () => {
    expect(() => loadConfig({ ...process.env, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...process.env, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/CIDR/);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('behind one trusted proxy, forged X-Forwarded-For entries do not reset the login throttle', async () => {
    const ctx = await createTestApp({}, { TRUST_PROXY: '1' });
    try {
      const victim = await signUp(ctx.app);
      const codes: string[] = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) {
        const r = await callAs(ctx.app, 'login', { body: { username: victim.username, password: `wrong-guess-${i}` } }, undefined, {
          remoteAddress: '127.0.0.1',
          // The client forges the first entry; the proxy appends the address it really saw.
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.9` },
        });
        codes.push(r.code);
      }
      expect(codes.slice(0, LOGIN_MAX_FAILURES)).toEqual(Array(LOGIN_MAX_FAILURES).fill('A0210'));
      expect(codes.slice(LOGIN_MAX_FAILURES)).toEqual(['A0211', 'A0211']);
    } finally {
      await ctx.close();
    }
  });

  it('per account: rotating IPs buys at most the account budget, while an IP the owner used keeps working', async () => {
    const owner = await signUp(t.app, undefined, 'owner-pass-2026');
    // signUp registered from the owner's own address; find it to sign in "from home" later.
    const [session] = await t.database.db.query.sessions.findMany({ where: (s, { eq: e }) => e(s.userId, owner.user.id), limit: 1 });
    const home = session!.ip!;
    const results: string[] = [];
    for (let i = 0; i < ACCOUNT_MAX_ATTEMPTS + 3; i++) results.push((await login(owner.username, `guess-${i}`, `192.0.2.${i + 1}`)).code);
    expect(results.filter((c) => c === 'A0210')).toHaveLength(ACCOUNT_MAX_ATTEMPTS);
    expect(results.slice(ACCOUNT_MAX_ATTEMPTS)).toEqual(['A0211', 'A0211', 'A0211']);
    // The right password from yet another new address is refused too (the attacker cannot tell)…
    expect((await login(owner.username, 'owner-pass-2026', '192.0.2.200')).code).toBe('A0211');
    // …but the owner at home is not locked out by someone else's guessing.
    expect((await login(owner.username, 'owner-pass-2026', home)).code).toBe('00000');
  });
});

describe('2 · limits hold under concurrency', () => {
  it(`lets exactly ${COMMENT_BURST} of 20 parallel comments through`, async () => {
    const u = await signUp(t.app);
    const essayId = (
      await publishText(t.app, { token: u.token }, { content: '人生若只如初见，何事秋风悲画扇。', classificationId: tx.meiju.id })
    ).id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callAs(t.app, 'createComment', { body: { essayId, content: `评论 ${i}` } }, u.token)),
    );
    expect(answers.filter((r) => r.code === '00000')).toHaveLength(COMMENT_BURST);
    expect(answers.filter((r) => r.code === 'A0501')).toHaveLength(20 - COMMENT_BURST);
    const [row] = await t.database.db.select({ comments: essays.comments }).from(essays).where(eq(essays.id, essayId));
    expect(row!.comments).toBe(COMMENT_BURST);
  });

  it(`checks at most ${LOGIN_MAX_FAILURES} of 40 parallel wrong passwords`, async () => {
    const u = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(u.username, `parallel-${i}`, '10.40.40.40')));
    expect(answers.filter((r) => r.code === 'A0210')).toHaveLength(LOGIN_MAX_FAILURES);
    expect(answers.filter((r) => r.code === 'A0211')).toHaveLength(40 - LOGIN_MAX_FAILURES);
  });
});

describe('3 · uploads', () => {
  const upload = (token: string, parts: Parameters<typeof multipart>[0]) => callAs(t.app, 'upload', {}, token, multipart(parts));

  it('refuses an animated GIF whose frames together exceed the pixel budget', async () => {
    const u = await signUp(t.app);
    // 11 frames of 2000×2000 (distinct colours, so the encoder keeps them all): ~40 KB, 44 megapixels to decode.
    const frames = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: i * 20, g: 50, b: 100 } } })
          .png()
          .toBuffer(),
      ),
    );
    const anim = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(anim, { animated: true }).metadata()).pages).toBe(11);
    const r = await upload(u.token, [{ name: 'file', filename: 'bomb.gif', type: 'image/gif', data: anim }]);
    expect(r.code).toBe('A0701');
    expect(r.msg).toContain('尺寸过大');
  });

  it('stores identical images uploaded at the same moment without a clash', async () => {
    const u = await signUp(t.app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload(u.token, [{ name: 'file', filename: 'same.png', data: png }])),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill('00000'));
    expect(new Set(answers.map((a) => a.data.url)).size).toBe(1);
    expect(t.app.runtime.imageJobs.peakActive).toBe(1);
  });

  it('the image queue runs one job at a time and answers busy when its waiting line is full', async () => {
    const q = new JobQueue(1, 2);
    const gates: (() => void)[] = [];
    const job = () => new Promise<void>((resolve) => gates.push(resolve));
    const running = [q.run(job), q.run(job), q.run(job)];
    await expect(q.run(job)).rejects.toBeInstanceOf(BusyError);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    await Promise.all(running);
    expect(q.peakActive).toBe(1);
  });
});

describe('4 · bad input answers A0400, never 500', () => {
  it('refuses a NUL byte in every kind of text field, naming the field', async () => {
    const u = await signUp(t.app);
    const cases = [
      register({ username: 'nul_user', password: 'fine-pass-2026', nickname: '李\u0000白' }),
      callAs(t.app, 'updateMe', { body: { bio: 'a\u0000b' } }, u.token),
      callAs(
        t.app,
        'createEssay',
        { body: { type: 'sentence', content: '床前\u0000明月光', classificationId: tx.meiju.id, status: 'publish' } },
        u.token,
      ),
      callAs(t.app, 'search', { query: { q: '明\u0000月' } }),
      callAs(t.app, 'essaysPage', { body: { keyword: '\u0007' } }),
    ];
    const answers = await Promise.all(cases);
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('控制字符');
    }
    expect(answers[0]!.msg).toContain('nickname');
  });

  it('keeps line breaks in multi-line text and refuses them in a single-line field', async () => {
    const u = await signUp(t.app);
    await publishText(t.app, u, { content: '春眠不觉晓，\n处处闻啼鸟。', classificationId: tx.meiju.id });
    const bad = await callAs(t.app, 'updateMe', { body: { nickname: '两\n行' } }, u.token);
    expect(bad.code).toBe('A0400');
    expect(bad.msg).toContain('nickname');
  });

  it('answers hand-made list cursors with A0400', async () => {
    const crafted = [
      Buffer.from(JSON.stringify(['abc', 1])).toString('base64url'),
      Buffer.from(JSON.stringify([1e308, 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01T00:00:00Z', -5])).toString('base64url'),
      Buffer.from(JSON.stringify([5, 1])).toString('base64url'),
      'not-base64-at-all!!',
    ];
    for (const sort of ['new', 'hot', 'likes'] as const) {
      for (const cursor of crafted) {
        const r = await callAs(t.app, 'essaysPage', { body: { sort, cursor } });
        expect(r.status, `${sort} ${cursor}`).toBeLessThan(500);
        expect(['00000', 'A0400']).toContain(r.code);
      }
    }
  });

  it('a long X-Forwarded-For behind a trusted proxy neither fails sign-up nor leaves half an account', async () => {
    const ctx = await createTestApp({}, { TRUST_PROXY: '1' });
    try {
      const r = await callAs(ctx.app, 'register', { body: { username: 'long_xff', password: 'fine-pass-2026', agree: true } }, undefined, {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': 'x'.repeat(500) },
      });
      const rows = await ctx.database.db.select().from(users).where(eq(users.username, 'long_xff'));
      expect(r.status).toBeLessThan(500);
      expect(rows).toHaveLength(r.code === '00000' ? 1 : 0);
    } finally {
      await ctx.close();
    }
  });
});

describe('5 · secrets in logs', () => {
  it('a failed statement is logged without its parameters', () => {
    const cause = new Error('duplicate key value violates unique constraint');
    const err = Object.assign(
      new Error('Failed query: insert into "users" ("password_hash") values ($1)\nparams: $argon2id$v=19$m=19456$secret'),
      {
        params: ['$argon2id$v=19$m=19456$secret'],
        cause,
      },
    );
    const out = JSON.stringify(safeErrSerializer(err));
    expect(out).toContain('Failed query: insert into');
    expect(out).not.toContain('argon2id');
    expect(out).toContain('duplicate key');
  });

  it('end to end: a query that fails inside a request logs no parameter values', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({ logStream: { write: (l: string) => void lines.push(l) } }, { LOG_LEVEL: 'error' });
    try {
      // A statement that fails at execution (a duplicate username), carrying a secret-looking parameter.
      const secret = '$argon2id$v=19$m=19456,t=2,p=1$leaked-if-logged';
      const u = await signUp(ctx.app);
      const err = await ctx.database.db
        .insert(users)
        .values({ username: u.username, nickname: 'x', passwordHash: secret })
        .catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String((err as Error).message)).toContain('leaked-if-logged');
      ctx.app.log.error({ err }, 'probe');
      const secretPart = 'leaked-if-logged';
      const all = lines.join('\n');
      expect(all).toContain('probe');
      expect(all).not.toContain(secretPart);
    } finally {
      await ctx.close();
    }
  });
});

describe('6 · own uploads only, by exact shape', () => {
  const traversal = '/uploads/../../api/v1/users/me';

  it('refuses a path that only starts like an upload, as avatar, cover and inside essay HTML', async () => {
    const u = await signUp(t.app);
    const avatar = await callAs(t.app, 'updateMe', { body: { avatar: traversal } }, u.token);
    expect(avatar.code).toBe('A0400');
    const cover = await callAs(
      t.app,
      'createEssay',
      {
        body: {
          type: 'essay',
          title: '封面',
          content: '<p>正文</p>',
          cover: traversal,
          classificationId: tx.sanwen.id,
          status: 'publish',
        },
      },
      u.token,
    );
    expect(cover.code).toBe('A0400');
    const html = await callAs(
      t.app,
      'createEssay',
      {
        body: {
          type: 'essay',
          title: '图片',
          content: `<p>看图</p><img src="${traversal}"><img src="/uploads/2026/11/0123456789abcdef0123456789abcdef.png">`,
          classificationId: tx.sanwen.id,
          status: 'publish',
        },
      },
      u.token,
    );
    expect(html.code).toBe('00000');
    const [row] = await t.database.db.select({ content: essays.content }).from(essays).where(eq(essays.id, html.data.id));
    expect(row!.content).not.toContain('..');
    expect(row!.content).toContain('/uploads/2026/11/0123456789abcdef0123456789abcdef.png');
  });
});

describe('7 · passwords', () => {
  it.each([
    ['password', '常见'],
    ['qwertyui', '常见'],
    ['        ', '空白'],
  ])('refuses %j on sign-up with the reason', async (password, reason) => {
    const r = await register({ username: `pw_${Math.random().toString(36).slice(2, 8)}`, password });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(reason);
  });

  it('refuses a password equal to the username, and eight NULs', async () => {
    const same = await register({ username: 'same_as_pw', password: 'SAME_AS_PW' });
    expect(same.code).toBe('A0400');
    expect(same.msg).toContain('用户名');
    const nuls = await register({ username: 'nul_pw_user', password: '\u0000'.repeat(8) });
    expect(nuls.code).toBe('A0400');
  });

  it('throttles wrong old passwords on change-password like login, and refuses a common new one', async () => {
    const u = await signUp(t.app);
    const change = (oldPassword: string, newPassword = 'brand-new-pass-1') =>
      callAs(t.app, 'changePassword', { body: { oldPassword, newPassword } }, u.token);
    expect((await change(u.password, 'iloveyou')).code).toBe('A0400');
    const codes: string[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) codes.push((await change(`not-it-${i}`)).code);
    expect(codes.slice(0, LOGIN_MAX_FAILURES - 1)).toEqual(Array(LOGIN_MAX_FAILURES - 1).fill('A0210'));
    expect(codes.at(-1)).toBe('A0211');
    // Even the right old password waits out the window now.
    expect((await change(u.password)).code).toBe('A0211');
  });
});

describe('8 · headers', () => {
  it('every answer carries the security headers, computed once: API, error, page and asset alike', async () => {
    const answers = [
      await t.app.inject(routeOf('health')),
      await t.app.inject({ ...routeOf('essayDetails'), payload: { id: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/no-such-call-anywhere' }),
      await t.app.inject({ method: 'GET', url: '/home' }),
    ];
    for (const r of answers) {
      expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(r.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['x-dns-prefetch-control']).toBe('off');
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('one framing policy, and no HSTS over plain HTTP', async () => {
    const r = await t.app.inject(routeOf('health'));
    expect(r.headers['x-frame-options']).toBeUndefined();
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when a trusted proxy says the client used HTTPS, not when an untrusted client claims it', async () => {
    const claimed = await t.app.inject({ ...routeOf('health'), headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const ctx = await createTestApp({}, { TRUST_PROXY: '127.0.0.1' });
    try {
      const r = await ctx.app.inject({
        ...routeOf('health'),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(r.headers['strict-transport-security'])).toContain('max-age=');
    } finally {
      await ctx.close();
    }
  });
});
