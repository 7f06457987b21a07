import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, callUnchecked, createTestApp, signUp, type TestContext } from './helper.js';

/** A small local stand-in for WeChat's OAuth endpoints. */
async function fakeWechat(): Promise<{ server: FastifyInstance; base: string }> {
  const server = Fastify();
  const codes: Record<string, string> = { 'code-alice': 'openid-alice', 'code-bob': 'openid-bob', 'code-carol': 'openid-carol' };
  server.get('/sns/oauth2/access_token', async (req) => {
    const q = req.query as Record<string, string>;
    if (q.appid !== 'wx-app' || q.secret !== 'wx-secret') return { errcode: 40125, errmsg: 'invalid appsecret' };
    const openid = codes[q.code ?? ''];
    return openid ? { access_token: `at-${openid}`, openid, expires_in: 7200 } : { errcode: 40029, errmsg: 'invalid code' };
  });
  server.get('/sns/userinfo', async (req) => {
    const q = req.query as Record<string, string>;
    return { openid: q.openid, nickname: q.openid === 'openid-alice' ? '微信爱丽丝' : '微信用户B' };
  });
  server.get('/broken/sns/oauth2/access_token', async (_req, reply) => reply.status(500).send('oops'));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${addr.port}` };
}

let wx: Awaited<ReturnType<typeof fakeWechat>>;
let t: TestContext;
let unconfigured: TestContext;

beforeAll(async () => {
  wx = await fakeWechat();
  t = await createTestApp({}, { WECHAT_API_BASE: wx.base, WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret' });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await wx?.server.close();
});

describe('WeChat login', () => {
  it('creates an account on first QR login and signs the same account in afterwards', async () => {
    const first = await callAs(t.app, 'appLogin', { query: { code: 'code-alice', state: 'xyz' } });
    expect(first.code).toBe('00000');
    expect(first.data.userInfo.nickname).toBe('微信爱丽丝');
    expect(first.data.userInfo.username).toMatch(/^wx_/);
    const again = await callAs(t.app, 'appLogin', { query: { code: 'code-alice' } });
    expect(again.data.userInfo.id).toBe(first.data.userInfo.id);
    const me = await callAs(t.app, 'me', {}, again.data.accessToken);
    expect(me.data.id).toBe(first.data.userInfo.id);
  });

  it('answers C0001 for a code WeChat refuses, and A0400 without a code', async () => {
    const bad = await callAs(t.app, 'appLogin', { query: { code: 'forged' } });
    expect(bad.code).toBe('C0001');
    expect(bad.status).toBe(502);
    expect(bad.msg).toContain('40029');
    expect((await callUnchecked(t.app, 'appLogin', {})).code).toBe('A0400');
  });

  it('binds an openid to the signed-in account, once per WeChat account', async () => {
    const u = await signUp(t.app);
    const r = await callAs(t.app, 'wxOpenid', { body: { code: 'code-bob' } }, u.token);
    expect(r.data).toEqual({ openid: 'openid-bob' });
    const viaQr = await callAs(t.app, 'appLogin', { query: { code: 'code-bob' } });
    expect(viaQr.data.userInfo.id).toBe(u.user.id);
    const other = await signUp(t.app);
    const taken = await callAs(t.app, 'wxOpenid', { body: { code: 'code-bob' } }, other.token);
    expect(taken.code).toBe('A0111');
    expect((await callAs(t.app, 'wxOpenid', { body: { code: 'code-carol' } })).code).toBe('A0230');
    expect((await callUnchecked(t.app, 'wxOpenid', { body: {} }, other.token)).code).toBe('A0400');
  });

  it('answers C0001 with a clear message when WeChat login is not configured', async () => {
    const r = await callAs(unconfigured.app, 'appLogin', { query: { code: 'code-alice' } });
    expect(r.code).toBe('C0001');
    expect(r.msg).toContain('尚未配置微信登录');
  });

  it('answers C0001 when WeChat is unreachable or broken', async () => {
    const down = await createTestApp(
      {},
      { WECHAT_API_BASE: 'http://127.0.0.1:9', WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret' },
    );
    const broken = await createTestApp(
      {},
      { WECHAT_API_BASE: `${wx.base}/broken`, WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret' },
    );
    try {
      expect((await callAs(down.app, 'appLogin', { query: { code: 'code-alice' } })).code).toBe('C0001');
      expect((await callAs(broken.app, 'appLogin', { query: { code: 'code-alice' } })).code).toBe('C0001');
    } finally {
      await down.close();
      await broken.close();
    }
  });
});
