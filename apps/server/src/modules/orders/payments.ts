/**
 * Provider callbacks, active queries, upstream closing and refunds. Every callback is stored as received
 * (headers and raw body, verified or not) with what was done about it; every state change goes through the
 * ledger. A callback that cannot be believed (bad signature, stale timestamp, another merchant, an unknown
 * order) changes nothing and gets the answer that makes the provider retry.
 */
import type { PaymentProviderId } from '@shiju/contract';
import type { Config } from '../../config.js';
import type { Broadcast } from '../../lib/broadcast.js';
import type { Db } from '../../db/client.js';
import { AppError, invalid } from '../../http/errors.js';
import { RawAnswer } from '../../http/envelope.js';
import { audited, type Actor } from '../audit/index.js';
import { applyPayment, beginRefund, completeRefund, refundHeldUp, type PaymentOutcome, type RefundStart } from './ledger.js';
import { providersOf, type PaymentProvider, type RefundRequest } from './providers.js';
import * as queries from './queries.js';
import { closeStale, type OrderRow } from './queries.js';
import { ORDER_PENDING_MINUTES } from '@shiju/contract/core';
import { alipayClient, fenOf } from './alipay.js';
import { decryptResource, signatureHeaders, signatureProblem, type EncryptedResource, type WechatTransaction } from './wechatpay.js';

export interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
}

type Outcome = PaymentOutcome | 'refused' | 'ignored' | 'refunded';

interface Received {
  provider: 'wechat' | 'alipay' | 'manual';
  kind: 'payment' | 'refund' | 'query';
  orderId?: number | null;
  orderNo?: string | null;
  verified: boolean;
  outcome: Outcome;
  reason?: string | null;
  headers?: Record<string, string> | null;
  body: string;
  content?: unknown;
}

export async function record(db: Db, n: Received) {
  await queries.insertNotification(db, {
    provider: n.provider,
    kind: n.kind,
    orderId: n.orderId ?? null,
    orderNo: n.orderNo?.slice(0, 64) ?? null,
    verified: n.verified,
    outcome: n.outcome,
    reason: n.reason?.slice(0, 300) ?? null,
    headers: n.headers ?? null,
    body: n.body.slice(0, 64 * 1024),
    content: (n.content ?? null) as never,
  });
}

async function orderByNo(db: Db, orderNo: unknown): Promise<OrderRow | undefined> {
  if (typeof orderNo !== 'string' || orderNo.length > 32) return undefined;
  return queries.findByNo(db, orderNo);
}

/** The headers worth keeping with a notification (the signature ones and the content type), never cookies. */
function keptHeaders(h: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (k.startsWith('wechatpay-') || k === 'content-type' || k === 'user-agent')
      out[k] = String(Array.isArray(v) ? v[0] : v).slice(0, 600);
  return out;
}

// ---------- WeChat Pay ----------

const wechatOk = () => new RawAnswer('application/json; charset=utf-8', '', 200);
const wechatFail = (status: number, message: string) =>
  new RawAnswer('application/json; charset=utf-8', JSON.stringify({ code: 'FAIL', message }), status);

interface WechatRefundResource {
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  out_refund_no: string;
  refund_status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' | 'PROCESSING';
}

export async function wechatNotify(
  db: Db,
  config: Config,
  rt: PaymentRuntime,
  log: Log,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): Promise<RawAnswer> {
  const c = config.wechatPay;
  if (!c) throw new AppError('C0001', '本站未开通微信支付');
  const kept = keptHeaders(headers);
  const refuse = async (status: number, reason: string, extra: Partial<Received> = {}) => {
    log.warn({ provider: 'wechat', reason, orderNo: extra.orderNo }, 'payment notification refused');
    await record(db, { provider: 'wechat', kind: 'payment', verified: false, outcome: 'refused', reason, headers: kept, body, ...extra });
    return wechatFail(status, reason);
  };

  const problem = signatureProblem(c, signatureHeaders(headers), body);
  if (problem) return refuse(401, problem);
  let event: { id?: string; event_type?: string; resource?: EncryptedResource };
  let plain: string;
  try {
    event = JSON.parse(body) as typeof event;
    if (!event.resource) throw new Error('缺少 resource');
    plain = decryptResource(c, event.resource);
  } catch (err) {
    return refuse(400, `通知无法解密：${(err as Error).message.slice(0, 100)}`);
  }
  const resource = JSON.parse(plain) as Record<string, unknown>;
  const isRefund = String(event.event_type ?? '').startsWith('REFUND.');
  const base = {
    provider: 'wechat' as const,
    kind: isRefund ? ('refund' as const) : ('payment' as const),
    headers: kept,
    body,
    content: resource,
  };
  if (resource.mchid !== c.mchId || (!isRefund && resource.appid !== c.appId))
    return refuse(400, '商户号或 AppID 与本站不符', { ...base, verified: true, orderNo: String(resource.out_trade_no ?? '') });
  const order = await orderByNo(db, resource.out_trade_no);
  if (!order) return refuse(404, '订单不存在', { ...base, verified: true, orderNo: String(resource.out_trade_no ?? '') });
  const where = { ...base, verified: true, orderId: order.id, orderNo: order.orderNo };

  if (isRefund) {
    const r = resource as unknown as WechatRefundResource;
    if (r.out_refund_no !== order.refundNo) {
      await record(db, { ...where, outcome: 'conflict', reason: `退款单号 ${r.out_refund_no} 不是本站发起的` });
      return wechatOk();
    }
    if (r.refund_status === 'SUCCESS') {
      const done = await completeRefund(db, rt.broadcast, order.id);
      await record(db, { ...where, outcome: done === 'refunded' ? 'refunded' : 'duplicate' });
    } else {
      await refundHeldUp(db, order.id, `微信支付退款${r.refund_status === 'CLOSED' ? '已关闭' : '异常'}，请在商户平台处理后重试`);
      await record(db, { ...where, outcome: 'exception', reason: `退款状态 ${r.refund_status}` });
    }
    return wechatOk();
  }

  const t = resource as unknown as WechatTransaction;
  if (t.trade_state !== 'SUCCESS' || !t.transaction_id || typeof t.amount?.total !== 'number') {
    await record(db, { ...where, outcome: 'ignored', reason: `交易状态 ${t.trade_state}` });
    return wechatOk();
  }
  const { outcome } = await applyPayment(db, rt.broadcast, order.id, {
    provider: 'wechat',
    tradeNo: t.transaction_id,
    amount: t.amount.total,
  });
  await record(db, { ...where, outcome, reason: reasonOf(outcome) });
  if (outcome !== 'applied' && outcome !== 'duplicate')
    log.warn({ provider: 'wechat', orderNo: order.orderNo, outcome }, 'payment needs attention');
  return wechatOk();
}

function reasonOf(outcome: PaymentOutcome): string | null {
  switch (outcome) {
    case 'late':
      return '订单已关闭或取消后收到付款：按已支付处理，会员已延长，已通知用户';
    case 'exception':
      return '金额与订单不符：订单标为支付异常，待编辑退款或处理';
    case 'conflict':
      return '订单已由另一笔付款结清：这笔付款未使用，请编辑核对后在商户平台退款';
    case 'duplicate':
      return '重复通知：已处理过，未再变更';
    default:
      return null;
  }
}

// ---------- Alipay ----------

const alipayAnswer = (text: 'success' | 'fail') => new RawAnswer('text/plain; charset=utf-8', text, 200);
/** Alipay retries for about 25 hours; a notification signed longer ago than this is stale. */
const ALIPAY_MAX_AGE_MS = 26 * 3600 * 1000;

export async function alipayNotify(
  db: Db,
  config: Config,
  rt: PaymentRuntime,
  log: Log,
  headers: Record<string, string | string[] | undefined>,
  body: string,
) {
  const c = config.alipay;
  if (!c) throw new AppError('C0001', '本站未开通支付宝');
  const kept = keptHeaders(headers);
  const params = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
  const refuse = async (reason: string, extra: Partial<Received> = {}) => {
    log.warn({ provider: 'alipay', reason, orderNo: params.out_trade_no }, 'payment notification refused');
    await record(db, { provider: 'alipay', kind: 'payment', verified: false, outcome: 'refused', reason, headers: kept, body, ...extra });
    return alipayAnswer('fail');
  };
  if (!params.sign || !(await alipayClient(c)).checkNotifySignV2(params)) return refuse('签名验证失败');
  const isRefund = !!(params.refund_fee || params.gmt_refund || params.out_biz_no);
  const base = {
    provider: 'alipay' as const,
    kind: isRefund ? ('refund' as const) : ('payment' as const),
    headers: kept,
    body,
    content: params,
  };
  const signedAt = Date.parse(`${(params.notify_time ?? '').replace(' ', 'T')}+08:00`);
  if (!Number.isFinite(signedAt) || Date.now() - signedAt > ALIPAY_MAX_AGE_MS || signedAt - Date.now() > 5 * 60 * 1000)
    return refuse('notify_time 过期或缺失（可能是重放）', { ...base, verified: true, orderNo: params.out_trade_no });
  if (params.app_id !== c.appId || (c.sellerId && params.seller_id !== c.sellerId))
    return refuse('app_id 或 seller_id 与本站不符', { ...base, verified: true, orderNo: params.out_trade_no });
  const order = await orderByNo(db, params.out_trade_no);
  if (!order) return refuse('订单不存在', { ...base, verified: true, orderNo: params.out_trade_no });
  const where = { ...base, verified: true, orderId: order.id, orderNo: order.orderNo };

  if (isRefund) {
    // Alipay refunds answer synchronously; this notification (trade status change after a refund) only confirms.
    const done = order.status === 'refunding' ? await completeRefund(db, rt.broadcast, order.id) : 'duplicate';
    await record(db, { ...where, outcome: done === 'refunded' ? 'refunded' : 'duplicate' });
    return alipayAnswer('success');
  }
  const amount = fenOf(params.total_amount);
  if ((params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') || !params.trade_no || amount === null) {
    await record(db, { ...where, outcome: 'ignored', reason: `交易状态 ${params.trade_status}` });
    return alipayAnswer('success');
  }
  const { outcome } = await applyPayment(db, rt.broadcast, order.id, { provider: 'alipay', tradeNo: params.trade_no, amount });
  await record(db, { ...where, outcome, reason: reasonOf(outcome) });
  if (outcome !== 'applied' && outcome !== 'duplicate')
    log.warn({ provider: 'alipay', orderNo: order.orderNo, outcome }, 'payment needs attention');
  return alipayAnswer('success');
}

// ---------- active queries, closing, refunds ----------

function online(config: Config, id: string): PaymentProvider | undefined {
  if (id !== 'wechat' && id !== 'alipay') return undefined;
  return providersOf(config)[id as PaymentProviderId];
}

/**
 * Asks the provider about an order whose payment was started there, and applies a payment it reports (the
 * buyer came back, or the callback is late). Answers the outcome, or null when there was nothing to apply.
 */
export async function syncPayment(db: Db, config: Config, rt: PaymentRuntime, o: OrderRow): Promise<PaymentOutcome | null> {
  const p = online(config, o.provider);
  if (!p?.query) return null;
  const state = await p.query(o.orderNo);
  if (state.state !== 'paid') return null;
  const { outcome } = await applyPayment(db, rt.broadcast, o.id, { provider: p.name as 'wechat' | 'alipay', ...state.payment });
  if (outcome !== 'duplicate')
    await record(db, {
      provider: p.name,
      kind: 'query',
      orderId: o.id,
      orderNo: o.orderNo,
      verified: true,
      outcome,
      reason: reasonOf(outcome) ?? '主动查询：渠道确认已支付',
      body: JSON.stringify(state.raw),
      content: state.raw,
    });
  return outcome;
}

const ASK_EVERY_MS = 3000;

/** What payments need of the app: its broadcast (membership changes) and when each order's provider was last asked. */
export interface PaymentRuntime {
  broadcast: Broadcast;
  paymentPolls: Map<number, number>;
}

/** While the buyer's pay dialog polls: asks the provider at most every 3 s per order; failures leave the order as it is. */
export async function syncWhilePolling(db: Db, config: Config, rt: PaymentRuntime, o: OrderRow, log: Log): Promise<boolean> {
  if (o.status !== 'pending' || !o.payUrl) return false;
  const now = Date.now();
  const lastAsked = rt.paymentPolls;
  if (now - (lastAsked.get(o.id) ?? 0) < ASK_EVERY_MS) return false;
  lastAsked.set(o.id, now);
  if (lastAsked.size > 5000) for (const [k, t] of lastAsked) if (now - t > 60_000) lastAsked.delete(k);
  try {
    return (await syncPayment(db, config, rt, o)) !== null;
  } catch (err) {
    log.warn({ orderNo: o.orderNo, err: { message: (err as Error).message } }, 'payment query failed');
    return false;
  }
}

/**
 * Closes an order's upstream payment once the order closed or was cancelled here. Asks first: a payment that
 * got through in the meantime is applied (late) instead. Clears `payUrl` when the upstream order is closed.
 */
export async function closeUpstream(db: Db, config: Config, rt: PaymentRuntime, o: OrderRow): Promise<'closed' | 'paid' | 'skipped'> {
  const p = online(config, o.provider);
  if (!p?.close) return 'skipped';
  if ((await syncPayment(db, config, rt, o)) !== null) return 'paid';
  await p.close(o.orderNo);
  await queries.clearPayUrl(db, o.id);
  return 'closed';
}

function refundRequest(o: OrderRow, reason: string): RefundRequest {
  return {
    orderNo: o.orderNo,
    refundNo: o.refundNo!,
    refund: o.refundAmount ?? o.paidAmount ?? o.amount,
    total: o.paidAmount ?? o.amount,
    reason,
  };
}

/**
 * Refunds an order (paid, or an exception) in full: through its provider when it was paid online, at once
 * when it was a bank transfer (the editor has sent the money back by hand). Twice is once: the refund number is
 * the order's own, and a refunded order answers as it is.
 */
export async function refundOrder(db: Db, config: Config, rt: PaymentRuntime, actor: Actor, orderId: number, note?: string) {
  const current = await queries.findOrder(db, orderId);
  if (!current) throw invalid('订单不存在');
  const p = current.provider === 'manual' ? null : online(config, current.provider);
  if (current.provider !== 'manual' && current.status !== 'refunded' && !p?.refund)
    throw new AppError('C0001', `本站已不再配置${current.provider === 'wechat' ? '微信支付' : '支付宝'}，无法原路退款`);
  const start = await audited<RefundStart>(
    db,
    actor,
    (r) => ({
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      summary: { orderNo: current.orderNo, from: current.status, provider: current.provider, note: note ?? null, result: r.kind },
    }),
    (tx) => beginRefund(tx, orderId),
  );
  if (start.kind === 'refused') throw invalid(`status ${start.reason}`);
  if (start.kind === 'already') return;
  if (!p?.refund) {
    await completeRefund(db, rt.broadcast, orderId, note);
    return;
  }
  try {
    const r = await p.refund(refundRequest(start.order, note || `拾句会员退款 ${start.order.orderNo}`));
    if (r === 'done') await completeRefund(db, rt.broadcast, orderId, note);
  } catch (err) {
    await refundHeldUp(db, orderId, (err as Error).message);
    throw err;
  }
}

/** Asks the provider how a refund in progress went. */
export async function syncRefund(db: Db, config: Config, rt: PaymentRuntime, o: OrderRow): Promise<boolean> {
  const p = online(config, o.provider);
  if (o.status !== 'refunding' || !o.refundNo || !p?.queryRefund) return false;
  const r = await p.queryRefund(refundRequest(o, ''));
  if (r === 'done') return (await completeRefund(db, rt.broadcast, o.id)) === 'refunded';
  if (r === 'failed') await refundHeldUp(db, o.id, '渠道退款失败或已关闭，请核对后重试');
  return false;
}

/** An editor's "query the provider": payment for an open or closed order, refund for one refunding. */
export async function refreshOrder(db: Db, config: Config, rt: PaymentRuntime, orderId: number) {
  const o = await queries.findOrder(db, orderId);
  if (!o) throw invalid('订单不存在');
  if (!online(config, o.provider)) throw new AppError('C0001', '这笔订单没有可查询的在线支付渠道');
  if (o.status === 'refunding') await syncRefund(db, config, rt, o);
  else if (o.status === 'closed' || o.status === 'cancelled') await closeUpstream(db, config, rt, o);
  else await syncPayment(db, config, rt, o);
}

/** Minutes after which a pending online order is asked about (its callback may be late or lost). */
const LATE_CALLBACK_MS = 2 * 60 * 1000;
const BATCH = 20;

/**
 * The payments job (every minute): close expired orders here and upstream, ask about pending online orders
 * whose callback has not come, and follow refunds in progress. Each failure is logged and retried next round.
 */
export async function reconcilePayments(db: Db, config: Config, rt: PaymentRuntime, log?: Log) {
  const result = { closed: await closeStale(db, ORDER_PENDING_MINUTES), upstreamClosed: 0, synced: 0, refunds: 0, failed: 0 };
  const hasOnline = !!(config.wechatPay || config.alipay);
  if (!hasOnline) return result;
  const attempt = async (o: OrderRow, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (err) {
      result.failed++;
      log?.warn({ orderNo: o.orderNo, err: { message: (err as Error).message } }, 'payment reconciliation failed');
      return undefined;
    }
  };
  const stale = await queries.closedWithPayUrl(db, BATCH);
  for (const o of stale) if ((await attempt(o, () => closeUpstream(db, config, rt, o))) === 'closed') result.upstreamClosed++;
  const waiting = await queries.pendingOnlineBefore(db, new Date(Date.now() - LATE_CALLBACK_MS), BATCH);
  for (const o of waiting) if (await attempt(o, () => syncPayment(db, config, rt, o))) result.synced++;
  const refunding = await queries.refundingOnline(db, BATCH);
  for (const o of refunding) if (await attempt(o, () => syncRefund(db, config, rt, o))) result.refunds++;
  return result;
}
