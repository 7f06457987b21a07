/**
 * WeChat Pay APIv3 with Node's crypto, no SDK: the protocol is four small pieces.
 * - Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 …`, an RSA-SHA256 signature with the merchant key
 *   over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n".
 * - Answers and notifications are signed by WeChat Pay over "TIMESTAMP\nNONCE\nBODY\n" (headers
 *   Wechatpay-Timestamp/-Nonce/-Signature/-Serial), verified with WeChat Pay's public key.
 * - A notification's `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key (nonce and associated data given).
 * - Amounts are integers in fen.
 * Keys stay in the config's Secret wrappers and are never logged.
 */
import crypto from 'node:crypto';
import type { WechatPayConfig } from '../../config.js';

/** A notification or answer older or newer than this (seconds) is refused as stale or replayed. */
export const MAX_SKEW_SECONDS = 300;

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface SignatureHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

export function signatureHeaders(h: Record<string, string | string[] | undefined>): SignatureHeaders {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return {
    timestamp: one(h['wechatpay-timestamp']),
    nonce: one(h['wechatpay-nonce']),
    signature: one(h['wechatpay-signature']),
    serial: one(h['wechatpay-serial']),
  };
}

/** Why a WeChat Pay signature is not acceptable, or null when it is. */
export function signatureProblem(c: WechatPayConfig, h: SignatureHeaders, body: string, nowMs = Date.now()): string | null {
  if (!h.timestamp || !h.nonce || !h.signature || !h.serial) return '缺少 Wechatpay-Timestamp/Nonce/Signature/Serial';
  if (h.serial !== c.platformSerial) return `未知的微信支付公钥 ${h.serial.slice(0, 64)}`;
  if (!/^\d{1,12}$/.test(h.timestamp)) return '时间戳格式不正确';
  if (Math.abs(nowMs / 1000 - Number(h.timestamp)) > MAX_SKEW_SECONDS) return '时间戳过期（可能是重放）';
  let ok = false;
  try {
    ok = crypto.verify(
      'sha256',
      Buffer.from(`${h.timestamp}\n${h.nonce}\n${body}\n`),
      c.platformPublicKey,
      Buffer.from(h.signature, 'base64'),
    );
  } catch {
    ok = false;
  }
  return ok ? null : '签名验证失败';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** Decrypts a notification's resource (AEAD_AES_256_GCM with the APIv3 key); throws when it does not authenticate. */
export function decryptResource(c: WechatPayConfig, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`不支持的加密算法 ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('密文过短');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(c.apiV3Key.reveal()), Buffer.from(r.nonce));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? ''));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

function authorization(c: WechatPayConfig, method: string, pathAndQuery: string, body: string): string {
  const timestamp = Math.floor(Date.now() / 1000).toString();
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .sign('sha256', Buffer.from(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`), c.privateKey.reveal())
    .toString('base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${c.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${c.mchSerial}"`;
}

/** One signed call; a 2xx answer's signature is verified before it is believed. */
async function request<T>(c: WechatPayConfig, method: 'GET' | 'POST', pathAndQuery: string, payload?: object): Promise<T> {
  const body = payload ? JSON.stringify(payload) : '';
  const url = new URL(c.apiBase + pathAndQuery);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: authorization(c, method, url.pathname + url.search, body),
        accept: 'application/json',
        'user-agent': 'shiju-wechatpay/1',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new UpstreamError(`微信支付无法连接：${(err as Error).message}`);
  }
  const text = await res.text();
  if (res.status >= 200 && res.status < 300) {
    const problem = signatureProblem(c, signatureHeaders(Object.fromEntries(res.headers)), text);
    if (problem) throw new UpstreamError(`微信支付应答验签失败：${problem}`, res.status);
    return (text ? JSON.parse(text) : {}) as T;
  }
  let err: { code?: string; message?: string } = {};
  try {
    err = JSON.parse(text) as typeof err;
  } catch {
    /* not JSON */
  }
  throw new UpstreamError(`微信支付 ${res.status} ${err.code ?? ''} ${err.message ?? ''}`.trim(), res.status, err.code);
}

/** RFC 3339 in Beijing time, as WeChat Pay's time_expire wants it. */
export function rfc3339Beijing(d: Date): string {
  return new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19) + '+08:00';
}

export const WECHAT_NOTIFY_PATH = '/api/v1/pay/wechat/notify';

export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  success_time?: string;
  amount?: { total: number; payer_total?: number; currency?: string };
}

export interface WechatRefund {
  refund_id: string;
  out_refund_no: string;
  out_trade_no?: string;
  status?: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  refund_status?: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  amount?: { total: number; refund: number };
}

export const wechatPay = {
  async createNative(c: WechatPayConfig, o: { orderNo: string; amount: number; description: string; expiresAt: Date }) {
    const r = await request<{ code_url: string }>(c, 'POST', '/v3/pay/transactions/native', {
      appid: c.appId,
      mchid: c.mchId,
      description: o.description.slice(0, 127),
      out_trade_no: o.orderNo,
      time_expire: rfc3339Beijing(o.expiresAt),
      notify_url: c.notifyBase + WECHAT_NOTIFY_PATH,
      amount: { total: o.amount, currency: 'CNY' },
    });
    return r.code_url;
  },
  /** The transaction's state; an order WeChat Pay never saw reads as NOTPAY. */
  async query(c: WechatPayConfig, orderNo: string): Promise<WechatTransaction> {
    try {
      return await request<WechatTransaction>(
        c,
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(c.mchId)}`,
      );
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'ORDER_NOT_EXIST')
        return { appid: c.appId, mchid: c.mchId, out_trade_no: orderNo, trade_state: 'NOTPAY' };
      throw err;
    }
  },
  async close(c: WechatPayConfig, orderNo: string) {
    await request(c, 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: c.mchId });
  },
  async refund(c: WechatPayConfig, r: { orderNo: string; refundNo: string; refund: number; total: number; reason: string }) {
    return request<WechatRefund>(c, 'POST', '/v3/refund/domestic/refunds', {
      out_trade_no: r.orderNo,
      out_refund_no: r.refundNo,
      reason: r.reason.slice(0, 80),
      notify_url: c.notifyBase + WECHAT_NOTIFY_PATH,
      amount: { refund: r.refund, total: r.total, currency: 'CNY' },
    });
  },
  async queryRefund(c: WechatPayConfig, refundNo: string) {
    return request<WechatRefund>(c, 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
  },
};
