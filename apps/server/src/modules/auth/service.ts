import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { createSession, revokeSession } from '../../http/auth.js';
import { presentUserInfo } from '../users/presenter.js';
import { hashPassword, verifyPassword } from './password.js';
import * as q from './queries.js';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** A real hash to verify against when the username does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;

export async function register(db: Db, req: FastifyRequest, input: { username: string; password: string; nickname?: string }) {
  const user = await q.insertUser(db, {
    username: input.username,
    nickname: input.nickname || input.username,
    passwordHash: await hashPassword(input.password),
  });
  if (!user) throw new AppError('A0111');
  const accessToken = await createSession(db, user.id, req);
  return { accessToken, userInfo: presentUserInfo(user) };
}

export async function login(db: Db, req: FastifyRequest, input: { username: string; password: string }) {
  const key = input.username.toLowerCase();
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  if ((await q.countRecentFailures(db, key, req.ip, since)) >= LOGIN_MAX_FAILURES) throw new AppError('A0211');

  const user = await q.findUserByUsername(db, input.username);
  dummyHash ??= hashPassword('timing-equaliser');
  const good = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !good) {
    await q.recordFailure(db, key, req.ip);
    throw new AppError('A0210');
  }
  if (user.status !== 'active') throw new AppError('A0301', '账号已被停用');
  await q.clearFailures(db, key, req.ip);
  const accessToken = await createSession(db, user.id, req);
  return { accessToken, userInfo: presentUserInfo(user) };
}

export async function logout(db: Db, sessionId: number) {
  await revokeSession(db, sessionId);
  return { ok: true as const };
}

export async function changePassword(db: Db, userId: number, stored: string | null, sessionId: number, input: { oldPassword: string; newPassword: string }) {
  if (!(await verifyPassword(stored, input.oldPassword))) throw new AppError('A0210', '原密码不正确');
  await q.setPasswordHash(db, userId, await hashPassword(input.newPassword));
  await q.revokeOtherSessions(db, userId, sessionId);
  return { ok: true as const };
}
