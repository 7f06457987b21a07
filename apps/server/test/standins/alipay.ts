/**
 * A local stand-in for Alipay's gateway (alipay.trade.precreate / query / close / refund / refund query) and
 * its asynchronous notifications. It generates the application's key pair and Alipay's, checks each request's
 * RSA2 signature, signs its answers the way `alipay-sdk` verifies them and signs notifications with Alipay's
 * key: the server's SDK calls and notification checks run for real against it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Deliver } from './wechatpay.js';

const fetchDeliver: Deliver = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
};

interface Trade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  qr_code: string;
  /** Alipay creates the trade when the buyer scans; before that, queries answer ACQ.TRADE_NOT_EXIST. */
  scanned: boolean;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no?: string;
  paid?: string;
  refunds: Map<string, string>;
}

const beijingNow = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
const signContent = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export async function startAlipayStandin(opts: { deliver?: Deliver } = {}) {
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appId = '2021000000000001';
  const sellerId = '2088000000000001';
  const trades = new Map<string, Trade>();
  const calls: string[] = [];
  let deliver = opts.deliver ?? fetchDeliver;

  const rsa2 = (content: string, key: crypto.KeyObject = alipayKeys.privateKey) =>
    crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

  /** A signed asynchronous notification for a trade; `tamper` makes it wrong in one way. */
  function notification(t: Trade, extra: Record<string, string> = {}, tamper: { badSignature?: boolean } = {}) {
    const params: Record<string, string> = {
      notify_time: beijingNow(),
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomBytes(16).toString('hex'),
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.trade_no ?? '',
      out_trade_no: t.out_trade_no,
      trade_status: t.trade_status,
      total_amount: t.paid ?? t.total_amount,
      receipt_amount: t.paid ?? t.total_amount,
      seller_id: sellerId,
      subject: t.subject,
      gmt_payment: beijingNow(),
      ...extra,
    };
    const key = tamper.badSignature ? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : alipayKeys.privateKey;
    params.sign = rsa2(signContent(params, ['sign', 'sign_type']), key);
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    };
  }

  async function pay(orderNo: string, o: { amount?: string; notify?: boolean } = {}) {
    const t = trades.get(orderNo);
    if (!t) throw new Error(`stand-in: no Alipay trade ${orderNo}`);
    t.scanned = true;
    if (t.trade_status !== 'TRADE_SUCCESS') {
      t.trade_status = 'TRADE_SUCCESS';
      t.trade_no = `2026${Date.now()}${crypto.randomInt(1e6)}`;
      t.paid = o.amount ?? t.total_amount;
    }
    const n = notification(t);
    const answer = o.notify === false ? null : await deliver(t.notify_url, n.headers, n.body);
    return { notification: n, answer, trade: t };
  }

  function answer(method: string, result: Record<string, unknown>) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(result);
    return `{"${key}":${json},"sign":"${rsa2(json)}"}`;
  }

  function handle(params: Record<string, string>): string {
    const method = params.method ?? '';
    calls.push(method);
    const ok = crypto
      .createVerify('RSA-SHA256')
      .update(signContent(params, ['sign']), 'utf8')
      .verify(app.publicKey, params.sign ?? '', 'base64');
    if (!ok || params.app_id !== appId)
      return answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const t = trades.get(biz.out_trade_no ?? '');
    const notExist = () =>
      answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    switch (method) {
      case 'alipay.trade.precreate': {
        if (t && t.trade_status === 'TRADE_SUCCESS')
          return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_SUCCESS', sub_msg: '交易已被支付' });
        const trade: Trade = t ?? {
          out_trade_no: biz.out_trade_no!,
          total_amount: biz.total_amount!,
          subject: biz.subject!,
          notify_url: params.notify_url!,
          qr_code: `https://qr.alipay.com/bax0${crypto.randomBytes(8).toString('hex')}`,
          scanned: false,
          trade_status: 'WAIT_BUYER_PAY',
          refunds: new Map(),
        };
        trades.set(trade.out_trade_no, trade);
        return answer(method, { code: '10000', msg: 'Success', out_trade_no: trade.out_trade_no, qr_code: trade.qr_code });
      }
      case 'alipay.trade.query':
        if (!t || !t.scanned) return notExist();
        return answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          trade_status: t.trade_status,
          total_amount: t.paid ?? t.total_amount,
        });
      case 'alipay.trade.close':
        if (!t || !t.scanned) return notExist();
        if (t.trade_status === 'TRADE_SUCCESS')
          return answer(method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.REASON_TRADE_STATUS_INVALID',
            sub_msg: '交易状态不合法',
          });
        t.trade_status = 'TRADE_CLOSED';
        return answer(method, { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no });
      case 'alipay.trade.refund': {
        if (!t || t.trade_status !== 'TRADE_SUCCESS') return notExist();
        const again = t.refunds.has(biz.out_request_no!);
        if (!again) t.refunds.set(biz.out_request_no!, biz.refund_amount!);
        return answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          refund_fee: biz.refund_amount,
          fund_change: again ? 'N' : 'Y',
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        const amount = t?.refunds.get(biz.out_request_no!);
        return answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          out_request_no: biz.out_request_no,
          ...(amount ? { refund_amount: amount, refund_status: 'REFUND_SUCCESS' } : {}),
        });
      }
      default:
        return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.missing-method', sub_msg: method });
    }
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const control = /^\/__standin\/pay\/([\w-]+)$/.exec(url.pathname);
      if (control && req.method === 'POST') {
        void pay(control[1]!).then(
          (r) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ answer: r.answer }));
          },
          (e: Error) => {
            res.writeHead(404, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: e.message }));
          },
        );
        return;
      }
      const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(handle(params));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    appId,
    sellerId,
    trades,
    calls,
    notification,
    pay,
    setDeliver: (d: Deliver) => (deliver = d),
    /** The server's ALIPAY_* configuration for this stand-in. */
    env(notifyBase: string): Record<string, string> {
      return {
        ALIPAY_APP_ID: appId,
        ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
        ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        ALIPAY_SELLER_ID: sellerId,
        ALIPAY_GATEWAY: `${base}/gateway.do`,
        ALIPAY_NOTIFY_BASE: notifyBase,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type AlipayStandin = Awaited<ReturnType<typeof startAlipayStandin>>;
