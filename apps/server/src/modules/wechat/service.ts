import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { createSession, type UserRow } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { presentUserInfo } from '../users/presenter.js';
import { exchangeCode } from './client.js';

async function userByOpenid(db: Db, openid: string) {
  const rows = await db.select().from(users).where(eq(users.wechatOpenid, openid)).limit(1);
  return rows[0] ?? null;
}

/** Finish a QR login: the WeChat account's user, created on first login (no password until they set one). */
export async function qrLogin(db: Db, config: Config, req: FastifyRequest, code: string) {
  const id = await exchangeCode(config, code);
  let user = await userByOpenid(db, id.openid);
  if (!user) {
    const nickname = (id.nickname?.trim() || '微信用户').slice(0, 20);
    const [created] = await db
      .insert(users)
      .values({ username: `wx_${crypto.randomBytes(6).toString('hex')}`, nickname, wechatOpenid: id.openid })
      .onConflictDoNothing()
      .returning();
    user = created ?? (await userByOpenid(db, id.openid));
  }
  if (!user) throw new AppError('B0001');
  if (user.status !== 'active') throw new AppError('A0301', '账号已被停用');
  return { accessToken: await createSession(db, user.id, req), userInfo: presentUserInfo(user) };
}

/** Bind the caller's account to the WeChat account behind `code`. */
export async function bindOpenid(db: Db, config: Config, me: UserRow, code: string) {
  const { openid } = await exchangeCode(config, code);
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.wechatOpenid, openid), ne(users.id, me.id)))
    .limit(1);
  if (taken.length) throw new AppError('A0111', '该微信已绑定其他账号');
  await db.update(users).set({ wechatOpenid: openid }).where(eq(users.id, me.id));
  return { openid };
}
