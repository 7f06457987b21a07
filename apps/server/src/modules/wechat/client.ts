/**
 * WeChat's OAuth endpoints (website QR login). The base URL, app id and secret come from configuration;
 * without them every call answers C0001. Tests point the base URL at a local stand-in.
 */
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';

export interface WechatIdentity {
  openid: string;
  nickname?: string;
}

const TIMEOUT_MS = 8000;

/** Keeps any path prefix of the configured base URL. */
const endpoint = (base: string, path: string) => new URL(base.replace(/\/+$/, '') + path);

async function getJson(url: URL): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppError('C0001', '微信服务暂时无法访问');
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new AppError('C0001', '微信服务返回异常');
  if (typeof body.errcode === 'number' && body.errcode !== 0) throw new AppError('C0001', `微信授权失败（${body.errcode}）`);
  return body;
}

export async function exchangeCode(config: Config, code: string): Promise<WechatIdentity> {
  const { apiBase, appId, appSecret } = config.wechat;
  if (!apiBase || !appId || !appSecret) throw new AppError('C0001', '本站尚未配置微信登录');
  const tokenUrl = endpoint(apiBase, '/sns/oauth2/access_token');
  tokenUrl.search = new URLSearchParams({ appid: appId, secret: appSecret, code, grant_type: 'authorization_code' }).toString();
  const token = await getJson(tokenUrl);
  if (typeof token.openid !== 'string' || !token.openid || typeof token.access_token !== 'string')
    throw new AppError('C0001', '微信服务返回异常');
  const infoUrl = endpoint(apiBase, '/sns/userinfo');
  infoUrl.search = new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString();
  const info = await getJson(infoUrl).catch(() => ({}) as Record<string, unknown>);
  return { openid: token.openid.slice(0, 64), nickname: typeof info.nickname === 'string' ? info.nickname : undefined };
}
