/**
 * A local stand-in for WeChat Pay's APIv3 endpoints, for tests and the end-to-end run. It generates its own
 * keys (the merchant's and WeChat Pay's), checks each request's merchant signature, signs its answers and its
 * notifications with the platform key and encrypts their resource with the APIv3 key: the server's signing,
 * verification and decryption run for real against it. `pay()` plays the buyer scanning and paying.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Deliver = (url: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;

const fetchDeliver: Deliver = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
};

interface Tx {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  code_url: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  paid?: number;
}

interface Refund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  refund: number;
  total: number;
  status: 'SUCCESS' | 'PROCESSING';
  notify_url?: string;
}

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

export interface WechatStandinOptions {
  /** How notifications reach the server (app.inject in tests; real HTTP by default). */
  deliver?: Deliver;
  /** Refunds answer PROCESSING and complete by notification (`finishRefund`) instead of SUCCESS at once. */
  asyncRefunds?: boolean;
}

export async function startWechatStandin(opts: WechatStandinOptions = {}) {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = crypto.randomBytes(16).toString('hex');
  const mchId = '1900000109';
  const appId = 'wxd678efh567hg6787';
  const mchSerial = crypto.randomBytes(20).toString('hex').toUpperCase();
  const platformSerial = `PUB_KEY_ID_${crypto.randomBytes(12).toString('hex')}`;
  const txs = new Map<string, Tx>();
  const refunds = new Map<string, Refund>();
  const requests: { method: string; path: string }[] = [];
  let deliver = opts.deliver ?? fetchDeliver;
  let asyncRefunds = opts.asyncRefunds ?? false;

  const signed = (body: string, timestamp = Math.floor(Date.now() / 1000), key: crypto.KeyObject = platform.privateKey) => {
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), key).toString('base64');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': platformSerial,
    };
  };

  const encrypt = (plain: object, key = apiV3Key) => {
    const nonce = crypto.randomBytes(6).toString('hex');
    const associated_data = 'transaction';
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associated_data));
    const enc = Buffer.concat([cipher.update(JSON.stringify(plain)), cipher.final(), cipher.getAuthTag()]);
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext: enc.toString('base64'), associated_data, nonce, original_type: 'transaction' };
  };

  const txView = (t: Tx) => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.out_trade_no,
    trade_state: t.trade_state,
    trade_state_desc: t.trade_state,
    ...(t.transaction_id
      ? { transaction_id: t.transaction_id, success_time: t.success_time, amount: { total: t.paid, payer_total: t.paid, currency: 'CNY' } }
      : { amount: { total: t.total, currency: 'CNY' } }),
  });

  function verifyRequest(req: http.IncomingMessage, body: string): boolean {
    const auth = String(req.headers.authorization ?? '');
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== mchId || f.serial_no !== mchSerial) return false;
    const msg = `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    return crypto.verify('sha256', Buffer.from(msg), merchant.publicKey, Buffer.from(f.signature ?? '', 'base64'));
  }

  /** Builds a signed, encrypted notification; `tamper` makes it wrong in one way. */
  function notification(
    eventType: 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL',
    resource: object,
    tamper: { badSignature?: boolean; timestamp?: number; wrongKey?: boolean } = {},
  ) {
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType,
      resource: encrypt(resource, tamper.wrongKey ? crypto.randomBytes(16).toString('hex') : apiV3Key),
    });
    const key = tamper.badSignature ? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : platform.privateKey;
    return { headers: { 'content-type': 'application/json', ...signed(body, tamper.timestamp, key) }, body };
  }

  /** The buyer pays (by default the order's amount); answers the notification sent and the server's answer to it. */
  async function pay(orderNo: string, o: { amount?: number; notify?: boolean } = {}) {
    const t = txs.get(orderNo);
    if (!t) throw new Error(`stand-in: no WeChat transaction ${orderNo}`);
    if (t.trade_state !== 'SUCCESS') {
      t.trade_state = 'SUCCESS';
      t.transaction_id = `4200${Date.now()}${crypto.randomInt(1e6)}`;
      t.success_time = new Date().toISOString();
      t.paid = o.amount ?? t.total;
    }
    const n = notification('TRANSACTION.SUCCESS', txView(t));
    const answer = o.notify === false ? null : await deliver(t.notify_url, n.headers, n.body);
    return { notification: n, answer, tx: t };
  }

  async function finishRefund(refundNo: string) {
    const r = refunds.get(refundNo);
    if (!r) throw new Error(`stand-in: no refund ${refundNo}`);
    r.status = 'SUCCESS';
    const n = notification('REFUND.SUCCESS', {
      mchid: mchId,
      out_trade_no: r.out_trade_no,
      transaction_id: txs.get(r.out_trade_no)?.transaction_id,
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      refund_status: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    });
    return { notification: n, answer: await deliver(r.notify_url!, n.headers, n.body) };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, payload?: object) => {
        const text = payload ? JSON.stringify(payload) : '';
        res.writeHead(status, { 'content-type': 'application/json', ...signed(text) });
        res.end(text);
      };
      const fail = (status: number, code: string, message: string) => send(status, { code, message });
      const url = new URL(req.url ?? '/', 'http://standin');
      requests.push({ method: req.method ?? '', path: url.pathname });
      // Test control: the buyer pays (used by the end-to-end run, which has no handle on this process).
      const control = /^\/__standin\/pay\/([\w-]+)$/.exec(url.pathname);
      if (control && req.method === 'POST') {
        void pay(control[1]!).then(
          (r) => send(200, { answer: r.answer }),
          (e: Error) => fail(404, 'NOT_FOUND', e.message),
        );
        return;
      }
      if (!verifyRequest(req, body)) return fail(401, 'SIGN_ERROR', '签名错误');
      const json = body ? (JSON.parse(body) as Record<string, any>) : {};
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        if (json.mchid !== mchId || json.appid !== appId) return fail(400, 'PARAM_ERROR', 'mchid/appid');
        const existing = txs.get(json.out_trade_no);
        if (existing?.trade_state === 'SUCCESS') return fail(400, 'ORDERPAID', '订单已支付');
        if (existing?.trade_state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
        if (existing) return send(200, { code_url: existing.code_url });
        const t: Tx = {
          appid: json.appid,
          mchid: json.mchid,
          out_trade_no: json.out_trade_no,
          description: json.description,
          notify_url: json.notify_url,
          total: json.amount.total,
          code_url: `weixin://wxpay/bizpayurl?pr=${crypto.randomBytes(6).toString('base64url')}`,
          trade_state: 'NOTPAY',
        };
        txs.set(t.out_trade_no, t);
        return send(200, { code_url: t.code_url });
      }
      if ((m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname)) && req.method === 'GET') {
        const t = txs.get(decodeURIComponent(m[1]!));
        if (!t) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
        return send(200, txView(t));
      }
      if ((m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname)) && req.method === 'POST') {
        const t = txs.get(decodeURIComponent(m[1]!));
        if (t?.trade_state === 'SUCCESS') return fail(400, 'ORDERPAID', '订单已支付');
        if (t) t.trade_state = 'CLOSED';
        return send(204);
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const existing = refunds.get(json.out_refund_no);
        if (existing)
          return send(200, { ...existing, status: existing.status, amount: { refund: existing.refund, total: existing.total } });
        const t = txs.get(json.out_trade_no);
        if (!t || (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND'))
          return fail(400, 'RESOURCE_NOT_EXISTS', '订单不存在或未支付');
        if (json.amount.total !== t.paid || json.amount.refund > t.paid!) return fail(400, 'PARAM_ERROR', '金额不符');
        const r: Refund = {
          out_refund_no: json.out_refund_no,
          out_trade_no: t.out_trade_no,
          refund_id: `5030${Date.now()}`,
          refund: json.amount.refund,
          total: json.amount.total,
          status: asyncRefunds ? 'PROCESSING' : 'SUCCESS',
          notify_url: json.notify_url,
        };
        refunds.set(r.out_refund_no, r);
        t.trade_state = 'REFUND';
        return send(200, { ...r, amount: { refund: r.refund, total: r.total } });
      }
      if ((m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname)) && req.method === 'GET') {
        const r = refunds.get(decodeURIComponent(m[1]!));
        if (!r) return fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
        return send(200, { ...r, amount: { refund: r.refund, total: r.total } });
      }
      fail(404, 'NOT_FOUND', `no stand-in for ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    mchId,
    appId,
    txs,
    refunds,
    requests,
    notification,
    pay,
    finishRefund,
    setDeliver: (d: Deliver) => (deliver = d),
    setAsyncRefunds: (v: boolean) => (asyncRefunds = v),
    /** The server's WECHATPAY_* configuration for this stand-in. */
    env(notifyBase: string): Record<string, string> {
      return {
        WECHATPAY_MCH_ID: mchId,
        WECHATPAY_APP_ID: appId,
        WECHATPAY_MCH_SERIAL: mchSerial,
        WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
        WECHATPAY_API_V3_KEY: apiV3Key,
        WECHATPAY_PLATFORM_SERIAL: platformSerial,
        WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
        WECHATPAY_API_BASE: base,
        WECHATPAY_NOTIFY_BASE: notifyBase,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WechatStandin = Awaited<ReturnType<typeof startWechatStandin>>;
