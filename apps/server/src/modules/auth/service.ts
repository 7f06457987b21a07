import type { FastifyRequest } from 'fastify';
import { AGREEMENT_VERSION } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { createSession, revokeSession } from './sessions.js';
import type { Broadcast } from '../../lib/broadcast.js';
import { once } from '../../lib/once.js';
import { presentUserInfo } from '../users/index.js';
import { hashPassword, verifyPassword } from './password.js';
import * as q from './queries.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { banMessage, changeUser, liftExpiredBan, setPasswordHash } from '../users/index.js';
import { allow, reset } from '../limits/index.js';
import { assertPasswordAllowed } from './passwordPolicy.js';

/**
 * Login throttles, counted atomically per attempt (a success clears them):
 * - per username and IP: 5 attempts in 15 minutes (A0211);
 * - per account, whatever the IP: after 20 attempts in 15 minutes, only IPs this account signed in from during
 *   the last 30 days may keep trying. Rotating IPs (or forged X-Forwarded-For) then buys an attacker at most 20
 *   guesses per quarter hour per account, while the owner, at home, is never locked out by someone else's guessing.
 */
export const LOGIN_MAX_FAILURES = 5;
export const ACCOUNT_MAX_ATTEMPTS = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const loginByIp = (username: string, ip: string) => ({ key: `login:ip:${username}|${ip}`, windowMs: LOGIN_WINDOW_MS });
const loginByAccount = (username: string) => ({ key: `login:acct:${username}`, windowMs: LOGIN_WINDOW_MS });
const passwordChange = (userId: number) => ({ key: `pwchange:${userId}`, windowMs: LOGIN_WINDOW_MS });

/** A real hash to verify against when the username does not exist, so timing does not reveal it. */
const dummyHash = once(() => hashPassword('timing-equaliser'));

export async function register(
  db: Db,
  req: FastifyRequest,
  input: { username: string; password: string; nickname?: string; agree: true },
  sensitive: SensitiveWords,
) {
  if (input.nickname) sensitive.refuse('nickname', input.nickname);
  assertPasswordAllowed(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  // The account and its first session together: a failing session insert must not leave an account behind.
  return db.transaction(async (tx) => {
    // `agree: true` is required by the contract: the version accepted is the current one, at this moment.
    const user = await q.insertUser(tx, {
      username: input.username,
      nickname: input.nickname || input.username,
      passwordHash,
      agreementVersion: AGREEMENT_VERSION,
      agreementAcceptedAt: new Date(),
    });
    if (!user) throw new AppError('A0111');
    const accessToken = await createSession(tx, user.id, req);
    return { accessToken, userInfo: presentUserInfo(user) };
  });
}

export async function login(db: Db, broadcast: Broadcast, req: FastifyRequest, input: { username: string; password: string }) {
  const key = input.username.toLowerCase();
  if (!(await allow(db, loginByIp(key, req.ip), LOGIN_MAX_FAILURES))) throw new AppError('A0211');

  const user = await q.findUserByUsername(db, input.username);
  if (!(await allow(db, loginByAccount(key), ACCOUNT_MAX_ATTEMPTS)) && !(user && (await q.signedInFromRecently(db, user.id, req.ip))))
    throw new AppError('A0211');
  const good = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !good) throw new AppError('A0210');
  if (user.status === 'banned' && !(await liftExpiredBan(db, broadcast, user))) throw new AppError('A0220', banMessage(user));
  await Promise.all([reset(db, loginByIp(key, req.ip).key), reset(db, loginByAccount(key).key)]);
  const accessToken = await createSession(db, user.id, req);
  return { accessToken, userInfo: presentUserInfo(user) };
}

export async function logout(db: Db, broadcast: Broadcast, userId: number, sessionId: number) {
  await changeUser(db, broadcast, userId, (tx) => revokeSession(tx, sessionId));
  return { ok: true as const };
}

export async function changePassword(
  db: Db,
  broadcast: Broadcast,
  userId: number,
  username: string,
  stored: string | null,
  sessionId: number,
  input: { oldPassword: string; newPassword: string },
) {
  if (!(await allow(db, passwordChange(userId), LOGIN_MAX_FAILURES))) throw new AppError('A0211');
  if (!(await verifyPassword(stored, input.oldPassword))) throw new AppError('A0210', '原密码不正确');
  assertPasswordAllowed(input.newPassword, username);
  await reset(db, passwordChange(userId).key);
  const passwordHash = await hashPassword(input.newPassword);
  await changeUser(db, broadcast, userId, async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await q.revokeOtherSessions(tx, userId, sessionId);
  });
  return { ok: true as const };
}
