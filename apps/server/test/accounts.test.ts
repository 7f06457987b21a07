import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AGREEMENT_VERSION, type CallInput } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';
import { sessions, users } from '../src/db/schema.js';
import { hashToken } from '../src/modules/auth/index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let ipSeq = 0;
/** Sign-up as the form sends it (`agree: true`, the ticked agreement) unless the payload says otherwise. */
const register = (body: Omit<CallInput<'register'>['body'], 'agree'>, ip = `172.16.0.${++ipSeq}`) =>
  callAs(t.app, 'register', { body: { agree: true, ...body } }, undefined, { remoteAddress: ip });
const login = (body: CallInput<'login'>['body'], ip = '10.0.0.1') => callAs(t.app, 'login', { body }, undefined, { remoteAddress: ip });
const me = (token?: string, headers: Record<string, string> = {}) => callAs(t.app, 'me', {}, token, { headers });

describe('register', () => {
  it('creates an account and returns a token and userInfo without secrets', async () => {
    const r = await register({ username: 'libai_701', password: 'moonlight99', nickname: '青莲居士' });
    expect(r.code).toBe('00000');
    expect(r.data.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(r.data.userInfo).toEqual({
      id: expect.any(Number),
      username: 'libai_701',
      nickname: '青莲居士',
      avatar: null,
      role: 'user',
      bio: '',
      memberUntil: null,
      likesPublic: true,
      collectsPublic: true,
      agreementVersion: AGREEMENT_VERSION,
      deletionDueAt: null,
      email: null,
      noteEditor: false,
    });
    const raw = JSON.stringify(r);
    expect(raw).not.toContain('moonlight99');
    expect(raw).not.toMatch(/argon2|passwordHash/);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'libai_701'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    // tokens are stored hashed, never as given
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored[0]!.tokenHash).toBe(hashToken(r.data.accessToken));
    expect(stored[0]!.tokenHash).not.toBe(r.data.accessToken);
  });

  it('defaults the nickname to the username', async () => {
    const r = await register({ username: 'dufu_712', password: 'springview1' });
    expect(r.data.userInfo.nickname).toBe('dufu_712');
  });

  it('refuses a taken username, case-insensitively, with A0111 and 409', async () => {
    const r = await register({ username: 'LIBAI_701', password: 'another123' });
    expect(r.status).toBe(409);
    expect(r.code).toBe('A0111');
    expect(r.msg).toBe('用户名已存在');
  });

  it.each([
    [{}, 'username'],
    [{ username: 'ab', password: 'goodpass123' }, 'username'],
    [{ username: 'has space', password: 'goodpass123' }, 'username'],
    [{ username: '李白李白', password: 'goodpass123' }, 'username'],
    [{ username: 'x'.repeat(10000), password: 'goodpass123' }, 'username'],
    [{ username: 123456, password: 'goodpass123' }, 'username'],
    [{ username: 'valid_name', password: 'short1' }, 'password'],
    [{ username: 'valid_name', password: '1234567890' }, 'password'],
    [{ username: 'valid_name', password: 'p'.repeat(65) }, 'password'],
    [{ username: 'valid_name', password: 'goodpass123', nickname: 'n'.repeat(21) }, 'nickname'],
    [{ username: 'valid_name', password: 'goodpass123', nickname: '   ' }, 'nickname'],
  ])('rejects %j naming %s', async (payload, field) => {
    const r = await callUnchecked(t.app, 'register', { body: { agree: true, ...payload } }, undefined, {
      remoteAddress: `172.16.0.${++ipSeq}`,
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('A0400');
    expect(r.msg).toMatch(new RegExp(`^请求参数错误：${field}`));
  });

  it('rate-limits sign-ups from one IP with A0501', async () => {
    let last;
    for (let i = 0; i < 21; i++) last = await register({ username: `flood_${i}`, password: 'goodpass123' }, '192.0.2.77');
    expect(last!.status).toBe(429);
    expect(last!.code).toBe('A0501');
    expect((await register({ username: 'flood_other', password: 'goodpass123' }, '192.0.2.78')).code).toBe('00000');
  });
});

describe('login and sessions', () => {
  it('signs in with the right password, in any username case', async () => {
    await signUp(t.app, 'wangwei_699', 'mountain888');
    const r = await login({ username: 'WangWei_699', password: 'mountain888' });
    expect(r.code).toBe('00000');
    expect(r.data.userInfo.username).toBe('wangwei_699');
    const m = await me(r.data.accessToken);
    expect(m.data.username).toBe('wangwei_699');
  });

  it('answers A0210 for a wrong password or an unknown user, the same way', async () => {
    const wrong = await login({ username: 'wangwei_699', password: 'wrongwrong1' }, '10.0.0.2');
    const nobody = await login({ username: 'nobody_here', password: 'wrongwrong1' }, '10.0.0.2');
    expect(wrong.code).toBe('A0210');
    expect(nobody.code).toBe('A0210');
    expect(wrong.msg).toBe(nobody.msg);
  });

  it('throttles with A0211 after 5 failures for one username and IP within 15 minutes', async () => {
    await signUp(t.app, 'sushi_1037', 'eastslope99');
    for (let i = 0; i < 5; i++) expect((await login({ username: 'sushi_1037', password: 'bad-guess-1' }, '10.0.0.3')).code).toBe('A0210');
    const blocked = await login({ username: 'sushi_1037', password: 'eastslope99' }, '10.0.0.3');
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe('A0211');
    // another IP is not blocked for the same user
    expect((await login({ username: 'sushi_1037', password: 'eastslope99' }, '10.0.0.4')).code).toBe('00000');
    // failures older than the window no longer count
    await t.database.db.execute(sql`update rate_counters set window_start = now() - interval '16 minutes'`);
    expect((await login({ username: 'sushi_1037', password: 'eastslope99' }, '10.0.0.3')).code).toBe('00000');
  });

  it('accepts the token as Bearer or bare', async () => {
    const { token } = await signUp(t.app);
    expect((await me(undefined, { authorization: `Bearer ${token}` })).code).toBe('00000');
    expect((await me(undefined, { authorization: token })).code).toBe('00000');
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'not-a-real-token-at-all-xxxxxxxxxxxx'],
    ['too short', 'abc'],
    ['huge', 'x'.repeat(5000)],
  ])('answers 401 A0230 for a %s token on a protected call', async (_, token) => {
    const r = await me(undefined, token ? { authorization: `Bearer ${token}` } : {});
    expect(r.status).toBe(401);
    expect(r.code).toBe('A0230');
    expect(r.msg).toBe('未登录或登录已过期，请重新登录');
  });

  it('answers A0230 for an expired token and slides expiry on use', async () => {
    const { token } = await signUp(t.app);
    const h = hashToken(token);
    await t.database.db.execute(
      sql`update sessions set last_used_at = now() - interval '10 minutes', expires_at = now() + interval '1 day' where token_hash = ${h}`,
    );
    expect((await me(token)).code).toBe('00000');
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, h));
    expect(s!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${h}`);
    expect((await me(token)).code).toBe('A0230');
  });

  it('logs out by revoking only the current token', async () => {
    const a = await signUp(t.app, 'logout_user', 'logout-pass1');
    const second = await login({ username: 'logout_user', password: 'logout-pass1' }, '10.0.0.9');
    const out = await callAs(t.app, 'logout', {}, a.token);
    expect(out.code).toBe('00000');
    expect((await me(a.token)).code).toBe('A0230');
    expect((await me(second.data.accessToken)).code).toBe('00000');
    expect((await callAs(t.app, 'logout', {}, a.token)).code).toBe('A0230');
  });

  it('does not let a banned user in', async () => {
    const u = await signUp(t.app, 'banned_one', 'banned-pass1');
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.username, 'banned_one'));
    expect((await me(u.token)).code).toBe('A0230');
    const refused = await login({ username: 'banned_one', password: 'banned-pass1' }, '10.0.1.1');
    expect(refused.code).toBe('A0220');
    expect(refused.msg).toContain('永久封禁');
  });
});

describe('profile', () => {
  it('edits only the caller’s own profile', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const r = await callAs(t.app, 'updateMe', { body: { nickname: '春眠不觉晓', bio: '爱读诗', likesPublic: false } }, a.token);
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ nickname: '春眠不觉晓', bio: '爱读诗', likesPublic: false, collectsPublic: true });
    expect((await me(b.token)).data.nickname).not.toBe('春眠不觉晓');
    expect((await me(a.token)).data.nickname).toBe('春眠不觉晓');
  });

  it.each([
    [{ nickname: '' }, 'nickname'],
    [{ nickname: 'n'.repeat(21) }, 'nickname'],
    [{ bio: 'b'.repeat(201) }, 'bio'],
    [{ likesPublic: 'yes' }, 'likesPublic'],
    [{ avatar: 'https://evil.example/x.png' }, 'avatar'],
    [{ avatar: 'javascript:alert(1)' }, 'avatar'],
  ])('rejects %j naming %s', async (payload, field) => {
    const a = await signUp(t.app);
    const r = await callUnchecked(t.app, 'updateMe', { body: payload }, a.token);
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(field);
  });

  it('ignores fields it does not know (no role escalation)', async () => {
    const a = await signUp(t.app);
    // Fields outside the contract on purpose, beside one it knows (the answer is the point: typed by the contract).
    const body = { role: 'admin', username: 'root', nickname: '普通人' };
    const r = await callAs(t.app, 'updateMe', { body }, a.token);
    expect(r.code).toBe('00000');
    expect(r.data.role).toBe('user');
    expect(r.data.username).toBe(a.username);
  });

  it('changes the password and revokes every other session', async () => {
    const a = await signUp(t.app, 'pw_changer', 'first-pass-1');
    const other = await login({ username: 'pw_changer', password: 'first-pass-1' }, '10.0.2.1');
    const wrong = await callAs(t.app, 'changePassword', { body: { oldPassword: 'nope-nope-1', newPassword: 'second-pass-2' } }, a.token);
    expect(wrong.code).toBe('A0210');
    const weak = await callAs(t.app, 'changePassword', { body: { oldPassword: 'first-pass-1', newPassword: '12345678' } }, a.token);
    expect(weak.code).toBe('A0400');
    const r = await callAs(t.app, 'changePassword', { body: { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' } }, a.token);
    expect(r.code).toBe('00000');
    expect((await me(a.token)).code).toBe('00000');
    expect((await me(other.data.accessToken)).code).toBe('A0230');
    expect((await login({ username: 'pw_changer', password: 'first-pass-1' }, '10.0.2.2')).code).toBe('A0210');
    expect((await login({ username: 'pw_changer', password: 'second-pass-2' }, '10.0.2.2')).code).toBe('00000');
  });
});
