/**
 * Email binding and password recovery by a six-digit code sent by mail. Codes live 10 minutes and allow five
 * tries; a new one (per purpose) may be sent after 60 seconds, at most 10 a day per account. Recovery answers the same
 * whether or not the account exists (and sends in the background, so timing tells nothing either).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import type { Broadcast } from '../../lib/broadcast.js';
import type { Mailer } from '../../lib/mailer.js';
import { changeUser } from '../users/index.js';
import { AppError, invalid } from '../../http/errors.js';
import { allow } from '../limits/index.js';
import { hashPassword } from '../auth/index.js';
import { assertPasswordAllowed } from '../auth/index.js';
import { presentUserInfo } from '../users/index.js';
import * as q from './queries.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_TRIES = 5;
export const RESEND_SECONDS = 60;
export const CODES_PER_DAY = 10;
/** Recovery requests (forgot or reset) per IP address in 15 minutes. */
export const RECOVERY_PER_IP = 10;

const UNAVAILABLE = '邮件服务未配置，暂时无法发送验证码';
const WRONG_CODE = 'code 验证码错误或已过期';

const hashCode = (codeId: string, code: string) => crypto.createHash('sha256').update(`${codeId}:${code}`).digest('hex');
/** The hash binds the code to its account and purpose: a code for one cannot be used for another. */
const codeHash = (userId: number, purpose: q.Purpose, code: string) => hashCode(`${userId}:${purpose}`, code);
const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

function mailer(m: Mailer) {
  const send = m.send;
  if (!send) throw new AppError('C0001', UNAVAILABLE);
  return send;
}

/** The per-account sending limits (the 60 s wait per purpose, the daily count for both); false when not now. */
async function maySend(db: Db, userId: number, purpose: q.Purpose) {
  return (
    (await allow(db, { key: `mail:resend:${purpose}:${userId}`, windowMs: RESEND_SECONDS * 1000 }, 1)) &&
    (await allow(db, { key: `mail:day:${userId}`, windowMs: 24 * 3600_000 }, CODES_PER_DAY))
  );
}

async function newCode(db: Db, userId: number, purpose: q.Purpose, email: string) {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await q.issueCode(db, {
    userId,
    purpose,
    email,
    codeHash: codeHash(userId, purpose, code),
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return { id, code };
}

const minutes = CODE_TTL_SECONDS / 60;
const bindMail = (code: string) => ({
  subject: `拾句邮箱验证码：${code}`,
  text: `你好！\n\n你正在为拾句账号绑定这个邮箱，验证码是：${code}\n\n${minutes} 分钟内有效。如果不是你本人操作，请忽略这封邮件。\n\n—— 拾句`,
});
const resetMail = (code: string, username: string) => ({
  subject: `拾句重设密码验证码：${code}`,
  text: `你好，${username}！\n\n你正在重设拾句账号的密码，验证码是：${code}\n\n${minutes} 分钟内有效。如果不是你本人操作，请忽略这封邮件，你的密码不会改变。\n\n—— 拾句`,
});

export async function sendBindCode(db: Db, m: Mailer, me: UserRow, email: string) {
  const send = mailer(m);
  if (me.email?.toLowerCase() === email) throw invalid('email 已经绑定了这个邮箱');
  if (await q.emailTakenByOther(db, email, me.id)) throw invalid('email 该邮箱已被其他账号绑定');
  if (!(await maySend(db, me.id, 'bind')))
    throw new AppError('A0501', `验证码发送太频繁，请 ${RESEND_SECONDS} 秒后再试（每天最多 ${CODES_PER_DAY} 封）`);
  const { id, code } = await newCode(db, me.id, 'bind', email);
  try {
    await send({ to: email, ...bindMail(code) });
  } catch {
    await q.dropCode(db, id);
    throw new AppError('C0001', '验证码邮件发送失败，请稍后再试');
  }
  return { sentTo: email, expiresInSeconds: CODE_TTL_SECONDS, resendInSeconds: RESEND_SECONDS };
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export async function verifyBind(db: Db, me: UserRow, email: string, code: string) {
  const live = await q.liveCode(db, me.id, 'bind', CODE_TRIES);
  if (!live || live.email !== email) throw invalid(WRONG_CODE);
  if (!sameHash(live.codeHash, codeHash(me.id, 'bind', code))) {
    await q.countTry(db, live.id);
    throw invalid(WRONG_CODE);
  }
  try {
    const row = await q.bindEmail(db, me.id, live.id, email, CODE_TRIES);
    if (!row) throw invalid(WRONG_CODE);
    return presentUserInfo(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid('email 该邮箱已被其他账号绑定');
    throw e;
  }
}

async function recoveryAllowed(db: Db, ip: string) {
  if (!(await allow(db, { key: `recover:ip:${ip}`, windowMs: 15 * 60_000 }, RECOVERY_PER_IP)))
    throw new AppError('A0501', '操作太频繁，请稍后再试');
}

/**
 * 忘记密码: a code to the account's bound email. The answer is `{ ok: true }` whether or not the account exists or
 * has an email; the mail goes out in the background, so the answer's time says nothing either.
 */
export async function forgotPassword(db: Db, m: Mailer, log: FastifyBaseLogger, ip: string, account: string) {
  const send = mailer(m);
  await recoveryAllowed(db, ip);
  const user = await q.findByAccount(db, account);
  if (user?.email && (await maySend(db, user.id, 'reset'))) {
    const { id, code } = await newCode(db, user.id, 'reset', user.email);
    const to = user.email;
    void send({ to, ...resetMail(code, user.username) }).catch(async (err: unknown) => {
      log.warn({ err: (err as Error).message, userId: user.id }, 'password reset mail failed');
      await q.dropCode(db, id).catch(() => undefined);
    });
  }
  return { ok: true as const };
}

/** 重设密码: the mailed code, then the new password; every session of the account ends. */
export async function resetPassword(
  db: Db,
  broadcast: Broadcast,
  ip: string,
  input: { account: string; code: string; newPassword: string },
) {
  await recoveryAllowed(db, ip);
  const user = await q.findByAccount(db, input.account);
  const live = user ? await q.liveCode(db, user.id, 'reset', CODE_TRIES) : null;
  if (!user || !live) throw invalid(WRONG_CODE);
  if (!sameHash(live.codeHash, codeHash(user.id, 'reset', input.code))) {
    await q.countTry(db, live.id);
    throw invalid(WRONG_CODE);
  }
  // After the code: only the owner learns that their new password is refused (and the code stays usable).
  assertPasswordAllowed(input.newPassword, user.username);
  const passwordHash = await hashPassword(input.newPassword);
  if (!(await changeUser(db, broadcast, user.id, (tx) => q.resetPassword(tx, user.id, live.id, passwordHash, CODE_TRIES))))
    throw invalid(WRONG_CODE);
  return { ok: true as const };
}
