import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSession } from '../auth/index.js';
import type { UserRow } from '../users/index.js';
import { AppError } from '../../http/errors.js';
import { bindOpenid as saveOpenid, insertWechatUser, openidTakenByOther, presentUserInfo, userByOpenid } from '../users/index.js';
import { exchangeCode } from './client.js';

/** Finish a QR login: the WeChat account's user, created on first login (no password until they set one). */
export async function qrLogin(db: Db, config: Config, req: FastifyRequest, code: string) {
  const id = await exchangeCode(config, code);
  let user = await userByOpenid(db, id.openid);
  if (!user) {
    const nickname = (id.nickname?.trim() || '微信用户').slice(0, 20);
    const created = await insertWechatUser(db, `wx_${crypto.randomBytes(6).toString('hex')}`, nickname, id.openid);
    user = created ?? (await userByOpenid(db, id.openid));
  }
  if (!user) throw new AppError('B0001');
  if (user.status !== 'active') throw new AppError('A0301', '账号已被停用');
  return { accessToken: await createSession(db, user.id, req), userInfo: presentUserInfo(user) };
}

/** Bind the caller's account to the WeChat account behind `code`. */
export async function bindOpenid(db: Db, config: Config, me: UserRow, code: string) {
  const { openid } = await exchangeCode(config, code);
  if (await openidTakenByOther(db, openid, me.id)) throw new AppError('A0111', '该微信已绑定其他账号');
  await saveOpenid(db, me.id, openid);
  return { openid };
}
