/**
 * Payment providers, each enabled by its configuration:
 * - manual: the buyer transfers the amount to the account configured by PAYMENT_MANUAL_* with the order number
 *   as the note, and an editor confirms it in the console (refunds are made by hand too);
 * - wechat: WeChat Pay APIv3 Native (a code_url drawn as a QR code), WECHATPAY_*;
 * - alipay: Alipay 当面付 precreate (a qr_code), ALIPAY_*.
 * Without any configuration buying is off and /myOrder says so, rather than sending people to pay nowhere.
 * What a provider reports goes through the ledger (ledger.ts), the one place that changes an order's state.
 */
import type { PaymentProviderId } from '@shiju/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { alipay, fenOf, yuan } from './alipay.js';
import { UpstreamError, wechatPay } from './wechatpay.js';

export interface UpstreamPayment {
  /** The provider's transaction id. */
  tradeNo: string;
  /** What was paid, in fen. */
  amount: number;
}

/** What the provider says about an order's payment when asked. */
export type UpstreamState =
  { state: 'paid'; payment: UpstreamPayment; raw: unknown } | { state: 'unpaid'; raw: unknown } | { state: 'closed'; raw: unknown };

export interface PayingOrder {
  orderNo: string;
  amount: number;
  payBefore: Date;
  productName: string;
}

export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  /** Fen to refund, and what was paid. */
  refund: number;
  total: number;
  reason: string;
}

export interface PaymentProvider {
  name: PaymentProviderId;
  start(order: PayingOrder): Promise<{ instructions: string; payUrl: string | null }>;
  /** Asks the provider about the order (absent for manual: nobody to ask). */
  query?(orderNo: string): Promise<UpstreamState>;
  /** Closes the upstream order so it can no longer be paid. */
  close?(orderNo: string): Promise<void>;
  /** Refunds through the provider: done now, or processing (a notification or a later query says when). */
  refund?(r: RefundRequest): Promise<'done' | 'processing'>;
  queryRefund?(r: RefundRequest): Promise<'done' | 'processing' | 'failed'>;
}

const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ');

const OFF_MESSAGE = '本站暂未开通在线支付，也未配置转账收款账户，暂时无法购买会员';

/** What /myOrder shows about paying by transfer. */
export function manualPaymentInfo(config: Pick<Config, 'manualPayment' | 'manualWindowHours'>) {
  const m = config.manualPayment;
  return {
    enabled: !!m,
    payee: m?.payee ?? null,
    bank: m?.bank ?? null,
    account: m?.account ?? null,
    windowHours: config.manualWindowHours,
    message: m ? `请向 ${m.payee}（${m.bank}，账号 ${m.account}）转账，附言填写订单号；到账后编辑确认，会员随即生效` : OFF_MESSAGE,
  };
}

export function manualProvider(config: Pick<Config, 'manualPayment'>): PaymentProvider {
  return {
    name: 'manual',
    async start(order) {
      const m = config.manualPayment;
      if (!m) throw new AppError('C0001', OFF_MESSAGE);
      return {
        instructions: `请向 ${m.payee}（${m.bank}，账号 ${m.account}）转账 ¥${yuan(order.amount)}，并在附言中填写订单号 ${order.orderNo}。请在 ${beijing(order.payBefore)}（北京时间）前完成转账；到账后编辑会在 1 个工作日内确认，会员随即生效。`,
        payUrl: null,
      };
    },
  };
}

/** Upstream failures become C0001 with the provider's words (never a key or a signature). */
async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UpstreamError) throw new AppError('C0001', err.message);
    throw err;
  }
}

export function wechatProvider(c: NonNullable<Config['wechatPay']>): PaymentProvider {
  return {
    name: 'wechat',
    async start(o) {
      const payUrl = await upstream(() =>
        wechatPay.createNative(c, { orderNo: o.orderNo, amount: o.amount, description: `拾句 ${o.productName}`, expiresAt: o.payBefore }),
      );
      return { payUrl, instructions: `请用微信扫一扫扫描二维码，支付 ¥${yuan(o.amount)}。支付完成后本页会自动更新。` };
    },
    async query(orderNo) {
      const t = await upstream(() => wechatPay.query(c, orderNo));
      // A payment is only believed for our merchant and app; anything else is not ours to apply.
      if (t.mchid !== c.mchId || t.appid !== c.appId) throw new AppError('C0001', '微信支付查询结果的商户号或 AppID 不符');
      if ((t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') && t.transaction_id && t.amount)
        return { state: 'paid', payment: { tradeNo: t.transaction_id, amount: t.amount.total }, raw: t };
      if (t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED' || t.trade_state === 'PAYERROR') return { state: 'closed', raw: t };
      return { state: 'unpaid', raw: t };
    },
    close: (orderNo) => upstream(() => wechatPay.close(c, orderNo)),
    async refund(r) {
      const a = await upstream(() => wechatPay.refund(c, { ...r }));
      return a.status === 'SUCCESS' ? 'done' : 'processing';
    },
    async queryRefund(r) {
      const a = await upstream(() => wechatPay.queryRefund(c, r.refundNo));
      return a.status === 'SUCCESS' ? 'done' : a.status === 'PROCESSING' ? 'processing' : 'failed';
    },
  };
}

export function alipayProvider(c: NonNullable<Config['alipay']>): PaymentProvider {
  return {
    name: 'alipay',
    async start(o) {
      const payUrl = await upstream(() =>
        alipay.precreate(c, { orderNo: o.orderNo, amount: o.amount, subject: `拾句 ${o.productName}`, expiresAt: o.payBefore }),
      );
      return { payUrl, instructions: `请用支付宝扫一扫扫描二维码，支付 ¥${yuan(o.amount)}。支付完成后本页会自动更新。` };
    },
    async query(orderNo) {
      const t = await upstream(() => alipay.query(c, orderNo));
      const amount = fenOf(t.total_amount);
      if ((t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED') && t.trade_no && amount !== null)
        return { state: 'paid', payment: { tradeNo: t.trade_no, amount }, raw: t };
      if (t.trade_status === 'TRADE_CLOSED') return { state: 'closed', raw: t };
      return { state: 'unpaid', raw: t };
    },
    close: (orderNo) => upstream(() => alipay.close(c, orderNo)),
    refund: (r) => upstream(() => alipay.refund(c, r)),
    queryRefund: (r) => upstream(() => alipay.queryRefund(c, r.orderNo, r.refundNo)),
  };
}

// eslint-disable-next-line no-restricted-syntax -- keyed by the app's own configuration, so apps never share an entry; built once and never changed
const registry = new WeakMap<Config, Partial<Record<PaymentProviderId, PaymentProvider>>>();

/** The configured providers (built once per configuration). */
export function providersOf(config: Config): Partial<Record<PaymentProviderId, PaymentProvider>> {
  let r = registry.get(config);
  if (!r) {
    r = {
      ...(config.manualPayment ? { manual: manualProvider(config) } : {}),
      ...(config.wechatPay ? { wechat: wechatProvider(config.wechatPay) } : {}),
      ...(config.alipay ? { alipay: alipayProvider(config.alipay) } : {}),
    };
    registry.set(config, r);
  }
  return r;
}

const NAMES: Record<PaymentProviderId, string> = { wechat: '微信支付', alipay: '支付宝', manual: '银行转账' };
export const providerName = (id: string) => NAMES[id as PaymentProviderId] ?? id;

/** What /myOrder offers: the configured ways, WeChat Pay first. */
export function paymentMethods(config: Config) {
  const p = providersOf(config);
  return {
    manual: manualPaymentInfo(config),
    wechat: { enabled: !!p.wechat },
    alipay: { enabled: !!p.alipay },
    available: (['wechat', 'alipay', 'manual'] as const).filter((id) => !!p[id]),
  };
}
