import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { CallInput } from '@shiju/contract';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { codeIn, startMailbox, type Mailbox } from './mailbox.js';
import { emailCodes, rateCounters, users } from '../src/db/schema.js';
import { CODE_TRIES, RECOVERY_PER_IP } from '../src/modules/mail/index.js';
import { loadConfig } from '../src/config.js';

let t: TestContext;
let bare: TestContext;
let box: Mailbox;
type Person = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  box = await startMailbox();
  t = await createTestApp({}, { SMTP_URL: box.url, MAIL_FROM: '拾句 <no-reply@shiju.test>' });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await box?.close();
});

let ipSeq = 0;
const nextIp = () => `203.0.113.${++ipSeq}`;
// Each call from an address of its own unless told (binding and recovery are limited per address).
const sendCode = (p: Person | undefined, email: string, app = t.app) =>
  callAs(app, 'bindEmail', { body: { email } }, p?.token, { remoteAddress: nextIp() });
const verify = (p: Person | undefined, email: string, code: string) =>
  callAs(t.app, 'verifyEmail', { body: { email, code } }, p?.token, { remoteAddress: nextIp() });
const forgot = (account: string, remoteAddress = nextIp(), app = t.app) =>
  callAs(app, 'forgotPassword', { body: { account } }, undefined, { remoteAddress });
const resetPassword = (body: CallInput<'resetPassword'>['body'], remoteAddress = nextIp()) =>
  callAs(t.app, 'resetPassword', { body }, undefined, { remoteAddress });
const login = (body: CallInput<'login'>['body']) => callAs(t.app, 'login', { body }, undefined, { remoteAddress: nextIp() });
/** The 60-second resend wait, skipped (the test checks it once, then moves on). */
const skipResendWait = (p: Person) =>
  t.database.db.delete(rateCounters).where(inArray(rateCounters.key, [`mail:resend:bind:${p.user.id}`, `mail:resend:reset:${p.user.id}`]));
const mailFor = (name: string) => `${name}@example.com`;
let n = 0;
const freshEmail = () => mailFor(`reader${process.pid}x${++n}`);

async function bound(p: Person): Promise<string> {
  const email = freshEmail();
  const before = box.count(email);
  expect((await sendCode(p, email)).code).toBe('00000');
  const mail = await box.waitFor(email, { after: before });
  expect((await verify(p, email, codeIn(mail))).code).toBe('00000');
  return email;
}

describe('configuration', () => {
  it('takes SMTP_URL with MAIL_FROM, refuses one without the other or a non-SMTP address', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: '拾句 <no-reply@example.com>' }).mail).toEqual({
      url: 'smtps://u:p@mail.example.com:465',
      from: '拾句 <no-reply@example.com>',
    });
    expect(loadConfig({}).mail).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });
});

describe('without SMTP configured', () => {
  it('binding and recovery say the mail service is unavailable (C0001), for every account alike', async () => {
    const p = await signUp(bare.app);
    const r = await sendCode(p, 'someone@example.com', bare.app);
    expect(r.status).toBe(502);
    expect(r.code).toBe('C0001');
    expect(r.msg).toContain('邮件服务未配置');
    for (const account of [p.username, 'nobody_here']) expect((await forgot(account, nextIp(), bare.app)).msg).toBe(r.msg);
  });
});

describe('binding an email', () => {
  it('needs a signed-in caller and a real address', async () => {
    expect((await sendCode(undefined, 'a@example.com')).code).toBe('A0230');
    expect((await verify(undefined, 'a@example.com', '123456')).code).toBe('A0230');
    const p = await signUp(t.app);
    for (const email of ['', 'not-an-email', 'a@', `${'x'.repeat(250)}@example.com`, 'a b@example.com']) {
      const r = await sendCode(p, email);
      expect(r.code, email).toBe('A0400');
      expect(r.msg).toMatch(/^请求参数错误：email /);
    }
    for (const code of ['12345', '1234567', 'abcdef', ''])
      expect((await verify(p, 'a@example.com', code)).msg).toMatch(/^请求参数错误：code /);
  });

  it('mails a six-digit code; the right code binds the address', async () => {
    const p = await signUp(t.app);
    const email = freshEmail();
    const r = await sendCode(p, email.toUpperCase());
    expect(r.data).toEqual({ sentTo: email, expiresInSeconds: 600, resendInSeconds: 60 });
    const mail = await box.waitFor(email);
    expect(mail.from).toBe('no-reply@shiju.test');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(codeIn(mail));
    expect(mail.text).toContain('10 分钟内有效');

    const ok = await verify(p, email, codeIn(mail));
    expect(ok.code).toBe('00000');
    expect(ok.data).toMatchObject({ id: p.user.id, email });
    expect((await callAs(t.app, 'me', {}, p.token)).data.email).toBe(email);
    // Used once only; the same address again is refused as already bound.
    expect((await verify(p, email, codeIn(mail))).code).toBe('A0400');
    expect((await sendCode(p, email)).msg).toContain('已经绑定');
    // Someone else cannot take it.
    const other = await signUp(t.app);
    const taken = await sendCode(other, email);
    expect(taken.code).toBe('A0400');
    expect(taken.msg).toContain('已被其他账号绑定');
  });

  it('limits resending (60 s) and tries (five), refuses expired codes and codes for another address', async () => {
    const p = await signUp(t.app);
    const email = freshEmail();
    await sendCode(p, email);
    const first = await box.waitFor(email);
    const again = await sendCode(p, email);
    expect(again.status).toBe(429);
    expect(again.code).toBe('A0501');
    expect(again.msg).toContain('60 秒');
    expect(box.count(email)).toBe(1);

    // A code for this address does not bind another one.
    expect((await verify(p, freshEmail(), codeIn(first))).code).toBe('A0400');
    const wrong = codeIn(first) === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_TRIES; i++) {
      const r = await verify(p, email, wrong);
      expect(r.code).toBe('A0400');
      expect(r.msg).toBe('请求参数错误：code 验证码错误或已过期');
    }
    // Tries used up: even the right code no longer works.
    expect((await verify(p, email, codeIn(first))).code).toBe('A0400');

    await skipResendWait(p);
    await sendCode(p, email);
    const second = await box.waitFor(email, { after: 1 });
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailCodes.userId, p.user.id), eq(emailCodes.purpose, 'bind')));
    expect((await verify(p, email, codeIn(second))).code).toBe('A0400');

    // A new code retires the previous one.
    await skipResendWait(p);
    await sendCode(p, email);
    const third = await box.waitFor(email, { after: 2 });
    await skipResendWait(p);
    await sendCode(p, email);
    const fourth = await box.waitFor(email, { after: 3 });
    if (codeIn(third) !== codeIn(fourth)) expect((await verify(p, email, codeIn(third))).code).toBe('A0400');
    expect((await verify(p, email, codeIn(fourth))).code).toBe('00000');
  });
});

describe('forgotten password', () => {
  it('answers the same whether or not the account exists or has an email, and mails only a bound address', async () => {
    const withEmail = await signUp(t.app);
    const email = await bound(withEmail);
    await skipResendWait(withEmail);
    const withoutEmail = await signUp(t.app);
    const answers = [];
    for (const account of ['no_such_user_x', 'nobody@example.com', withoutEmail.username, withEmail.username]) {
      const r = await forgot(account);
      answers.push({ status: r.status, code: r.code, msg: r.msg, data: r.data });
    }
    for (const a of answers) expect(a).toEqual({ status: 200, code: '00000', msg: '成功', data: { ok: true } });
    const mail = await box.waitFor(email, { after: 1 });
    expect(mail.subject).toContain('重设密码');
    expect(mail.text).toContain(withEmail.username);
    const codes = await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, withoutEmail.user.id));
    expect(codes).toHaveLength(0);
  });

  it('resets with the mailed code (by username or email), ends every session, and uses the code once', async () => {
    const p = await signUp(t.app);
    const email = await bound(p);
    await skipResendWait(p);
    await forgot(email.toUpperCase());
    const mail = await box.waitFor(email, { after: 1 });
    const code = codeIn(mail);
    const wrong = code === '000000' ? '111111' : '000000';

    const reset = (account: string, c: string, newPassword = 'brand-new-2026') => resetPassword({ account, code: c, newPassword });
    const bad = await reset(p.username, wrong);
    const ghost = await reset('no_such_user_y', code);
    expect(bad).toMatchObject({ status: 400, code: 'A0400', msg: '请求参数错误：code 验证码错误或已过期' });
    expect({ ...ghost, headers: undefined }).toEqual({ ...bad, headers: undefined });
    expect((await reset(p.username, code, '12345678')).msg).toContain('newPassword');
    // A refused password keeps the code (the owner may pick another).
    const weak = await reset(p.username, code, p.username);
    expect(weak.code).toBe('A0400');
    expect(weak.msg).toContain('不能与用户名相同');

    const ok = await reset(email, code);
    expect(ok).toMatchObject({ code: '00000', data: { ok: true } });
    expect((await callAs(t.app, 'me', {}, p.token)).code).toBe('A0230');
    const old = await login({ username: p.username, password: p.password });
    expect(old.code).toBe('A0210');
    expect((await login({ username: p.username, password: 'brand-new-2026' })).code).toBe('00000');
    expect((await reset(p.username, code, 'another-new-2026')).code).toBe('A0400');
  });

  it('allows five tries per code', async () => {
    const p = await signUp(t.app);
    const email = await bound(p);
    await skipResendWait(p);
    await forgot(p.username);
    const code = codeIn(await box.waitFor(email, { after: 1 }));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_TRIES; i++)
      expect((await resetPassword({ account: p.username, code: wrong, newPassword: 'brand-new-2026' })).code).toBe('A0400');
    expect((await resetPassword({ account: p.username, code, newPassword: 'brand-new-2026' })).code).toBe('A0400');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.user.id));
    expect(row!.passwordHash).toBeTruthy();
    expect((await login({ username: p.username, password: p.password })).code).toBe('00000');
  });

  it(`limits recovery to ${RECOVERY_PER_IP} requests per address in 15 minutes, whatever the account`, async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < RECOVERY_PER_IP; i++) expect((await forgot(`nobody_${i}`, ip)).code).toBe('00000');
    const refused = await forgot('nobody_last', ip);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('A0501');
    expect((await resetPassword({ account: 'x', code: '123456', newPassword: 'brand-new-2026' }, ip)).code).toBe('A0501');
    expect((await forgot('nobody_last')).code).toBe('00000');
  });
});
