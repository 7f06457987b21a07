import { z } from 'zod';
import { inDomain, Ok, Password, route, text, Username } from '../schema.js';
import { UserInfo } from './entities.js';

export const Session = z.object({ accessToken: z.string(), userInfo: UserInfo });

export const authCalls = inDomain('auth', {
  register: route({
    id: 'register',
    method: 'POST',
    path: '/api/v1/auth/register',
    auth: 'none',
    summary: '注册账号',
    body: z.object({
      username: Username,
      password: Password,
      nickname: text(1, 20).optional(),
      /** Ticked 我已阅读并同意《用户协议》和《隐私政策》 (the current AGREEMENT_VERSION is stored with the time). */
      agree: z.literal(true, { error: '请先阅读并同意用户协议和隐私政策' }),
    }),
    response: Session,
    errors: ['A0400', 'A0111', 'A0501'],
  }),
  login: route({
    id: 'login',
    method: 'POST',
    path: '/api/v1/auth/login',
    auth: 'none',
    summary: '账号密码登录',
    body: z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) }),
    response: Session,
    errors: ['A0400', 'A0210', 'A0211'],
  }),
  logout: route({
    id: 'logout',
    method: 'POST',
    path: '/api/v1/auth/logout',
    auth: 'required',
    summary: '退出登录（注销当前令牌）',
    response: Ok,
    errors: ['A0230'],
  }),
  appLogin: route({
    id: 'appLogin',
    method: 'GET',
    path: '/api/v1/auth/app-login',
    auth: 'none',
    summary: '完成微信扫码登录',
    query: z.object({ code: text(1, 200), state: text(0, 200).optional() }),
    response: Session,
    errors: ['A0400', 'C0001'],
  }),
  wxOpenid: route({
    id: 'wxOpenid',
    method: 'POST',
    path: '/api/v1/wx/openid',
    auth: 'required',
    summary: '用微信 code 换取并绑定 openid',
    body: z.object({ code: text(1, 200) }),
    response: z.object({ openid: z.string() }),
    errors: ['A0400', 'A0230', 'A0111', 'C0001'],
  }),
});
