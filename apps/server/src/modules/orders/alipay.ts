/**
 * Alipay through the official `alipay-sdk`, 当面付 precreate: the gateway answers a `qr_code` that the buyer
 * scans with the Alipay app, exactly as WeChat Pay Native's code_url. Chosen over 电脑网站支付 (page pay) because
 * the buyer then never leaves /myOrder: one pay dialog draws either provider's QR code and polls the order, and
 * there is no return page that could be mistaken for a confirmation. The SDK signs requests (RSA2), verifies
 * answers and notifications with Alipay's public key; amounts go to Alipay in yuan ("15.00") and come back
 * to us as fen.
 */
// Only the types at start-up: the SDK and the HTTP client it brings weigh ~15 MB of memory, loaded by the first call.
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import type { AlipayConfig } from '../../config.js';
import { UpstreamError } from './wechatpay.js';

export const ALIPAY_NOTIFY_PATH = '/api/v1/pay/alipay/notify';

// eslint-disable-next-line no-restricted-syntax -- keyed by the app's own configuration, so apps never share a client; made once and never changed
const clients = new WeakMap<AlipayConfig, AlipaySdk>();

export async function alipayClient(c: AlipayConfig): Promise<AlipaySdk> {
  let sdk = clients.get(c);
  if (!sdk) {
    const { AlipaySdk } = await import('alipay-sdk');
    const key = c.privateKey.reveal();
    sdk = new AlipaySdk({
      appId: c.appId,
      privateKey: key,
      keyType: key.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
      alipayPublicKey: c.alipayPublicKey,
      gateway: c.gateway,
      timeout: 10_000,
      camelcase: false,
    });
    clients.set(c, sdk);
  }
  return sdk;
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** "15.00" → 1500, exactly (no floating point); null when it is not an amount. */
export function fenOf(amount: unknown): number | null {
  if (typeof amount !== 'string') return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Beijing wall-clock time as Alipay's parameters want it: 2026-01-31 20:05:00. */
export const alipayTime = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');

async function exec(c: AlipayConfig, method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
  try {
    return await (await alipayClient(c)).exec(method, params, { validateSign: true });
  } catch (err) {
    throw new UpstreamError(`支付宝 ${method}：${(err as Error).message.slice(0, 200)}`);
  }
}

const failed = (method: string, r: AlipaySdkCommonResult) =>
  new UpstreamError(`支付宝 ${method} ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg ?? ''}`.trim(), undefined, r.sub_code ?? r.code);

export interface AlipayTrade {
  trade_status?: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';
  trade_no?: string;
  out_trade_no?: string;
  total_amount?: string;
  send_pay_date?: string;
}

export const alipay = {
  async precreate(c: AlipayConfig, o: { orderNo: string; amount: number; subject: string; expiresAt: Date }) {
    const method = 'alipay.trade.precreate';
    const r = await exec(c, method, {
      notify_url: c.notifyBase + ALIPAY_NOTIFY_PATH,
      bizContent: {
        out_trade_no: o.orderNo,
        total_amount: yuan(o.amount),
        subject: o.subject.slice(0, 200),
        time_expire: alipayTime(o.expiresAt),
      },
    });
    if (r.code !== '10000' || typeof r.qr_code !== 'string') throw failed(method, r);
    return r.qr_code;
  },
  /** The trade; one the buyer never scanned does not exist at Alipay yet and reads as waiting. */
  async query(c: AlipayConfig, orderNo: string): Promise<AlipayTrade> {
    const method = 'alipay.trade.query';
    const r = await exec(c, method, { bizContent: { out_trade_no: orderNo } });
    if (r.code === '10000') return r as AlipayTrade;
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { trade_status: 'WAIT_BUYER_PAY', out_trade_no: orderNo };
    throw failed(method, r);
  },
  async close(c: AlipayConfig, orderNo: string) {
    const method = 'alipay.trade.close';
    const r = await exec(c, method, { bizContent: { out_trade_no: orderNo } });
    if (r.code !== '10000' && r.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw failed(method, r);
  },
  /** Refunds synchronously; a repeat with the same out_request_no refunds nothing more (fund_change N). */
  async refund(c: AlipayConfig, r: { orderNo: string; refundNo: string; refund: number; reason: string }): Promise<'done' | 'processing'> {
    const method = 'alipay.trade.refund';
    const a = await exec(c, method, {
      bizContent: {
        out_trade_no: r.orderNo,
        out_request_no: r.refundNo,
        refund_amount: yuan(r.refund),
        refund_reason: r.reason.slice(0, 200),
      },
    });
    if (a.code !== '10000') throw failed(method, a);
    if (a.fund_change === 'Y') return 'done';
    return alipay.queryRefund(c, r.orderNo, r.refundNo);
  },
  async queryRefund(c: AlipayConfig, orderNo: string, refundNo: string): Promise<'done' | 'processing'> {
    const method = 'alipay.trade.fastpay.refund.query';
    const a = await exec(c, method, { bizContent: { out_trade_no: orderNo, out_request_no: refundNo } });
    if (a.code !== '10000') throw failed(method, a);
    return a.refund_status === 'REFUND_SUCCESS' ? 'done' : 'processing';
  },
};
