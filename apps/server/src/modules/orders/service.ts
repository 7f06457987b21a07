import crypto from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import type { PaymentProviderId } from '@shiju/contract';
import { ORDER_PENDING_MINUTES } from '@shiju/contract/core';
import { manualPaymentInfo, providerName, providersOf, type PaymentProvider } from './providers.js';
import type { Config } from '../../config.js';
import { closeUpstream, syncWhilePolling, type Log, type PaymentRuntime } from './payments.js';
import { closesAt, presentOrder, presentProduct } from './presenter.js';
import * as q from './queries.js';

/** How many unpaid orders one person may hold at once. */
const MAX_PENDING = 5;

const STATUS_NAMES = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  refunded: '已退款',
  closed: '已关闭',
  exception: '支付异常',
  refunding: '退款中',
} as const;

export async function listProducts(db: Db) {
  const rows = await q.activeProducts(db);
  return rows.map(presentProduct);
}

/** Pending orders close by themselves after 30 minutes, or at the end of their transfer window. */
export function closeStaleOrders(db: Db) {
  return q.closeStale(db, ORDER_PENDING_MINUTES);
}

function newOrderNo() {
  const d = new Date(Date.now() + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `SJ${d}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

export async function createOrder(db: Db, me: UserRow, productId: number) {
  const p = await q.findActiveProduct(db, productId);
  if (!p) throw invalid('productId 套餐不存在');
  await closeStaleOrders(db);
  if ((await q.countPending(db, me.id)) >= MAX_PENDING) throw new AppError('A0501', '待支付订单过多，请先支付或取消');
  const o = await q.insert(db, { orderNo: newOrderNo(), userId: me.id, productId: p.id, amount: p.priceFen });
  return presentOrder(o, p);
}

/**
 * The buyer's orders. When the buyer comes back to the page, pending orders whose payment was started at WeChat
 * Pay or Alipay are asked about first (at most every 3 s each), so a payment whose callback is late shows at once.
 */
export async function pageOrders(
  db: Db,
  me: UserRow,
  status: q.OrderStatus | undefined,
  limit: number,
  offset: number,
  config?: Config,
  rt?: PaymentRuntime,
  log?: Log,
) {
  await closeStaleOrders(db);
  let page = await q.pageOfUser(db, me.id, status, limit, offset);
  if (config && rt && log) {
    const asked = await Promise.all(page.rows.map((r) => syncWhilePolling(db, config, rt, r.o, log)));
    if (asked.some(Boolean)) page = await q.pageOfUser(db, me.id, status, limit, offset);
  }
  const { rows, ...total } = page;
  return { list: rows.map((r) => presentOrder(r.o, r.p)), ...total };
}

async function own(db: Db, me: UserRow, id: number) {
  await closeStaleOrders(db);
  const row = await q.findWithProduct(db, id);
  if (!row) throw notFound('订单不存在');
  if (row.o.userId !== me.id) throw forbidden();
  return row;
}

async function ownPending(db: Db, me: UserRow, id: number) {
  const row = await own(db, me, id);
  if (row.o.status !== 'pending') throw invalid(`status 订单${STATUS_NAMES[row.o.status]}，不能再操作`);
  return row;
}

/** Closing the upstream order runs after the answer (the payments job retries it if the provider is away). */
function closeUpstreamLater(db: Db, config: Config, rt: PaymentRuntime, o: q.OrderRow, log?: Log) {
  if (!o.payUrl) return;
  void closeUpstream(db, config, rt, o).catch((err: Error) =>
    log?.warn({ orderNo: o.orderNo, err: { message: err.message } }, 'closing the upstream order failed; the payments job retries'),
  );
}

export async function cancelOrder(db: Db, me: UserRow, id: number, config?: Config, rt?: PaymentRuntime, log?: Log) {
  const { p } = await ownPending(db, me, id);
  const o = await q.cancelPending(db, id);
  if (!o) throw invalid('status 订单状态已变化，请刷新');
  if (config && rt) closeUpstreamLater(db, config, rt, o, log);
  return presentOrder(o, p);
}

/** One own order, for the pay dialog's polling: a pending order paid online is asked about at the provider too. */
export async function getOrder(db: Db, me: UserRow, id: number, config: Config, rt: PaymentRuntime, log: Log) {
  const row = await own(db, me, id);
  if (await syncWhilePolling(db, config, rt, row.o, log)) return getOrder(db, me, id, config, rt, log);
  return presentOrder(row.o, row.p);
}

/**
 * Starts paying with the chosen provider. WeChat Pay and Alipay answer a URL for a QR code (the order keeps its
 * 30 minutes, upstream too); paying by transfer gives it the transfer window (PAYMENT_MANUAL_WINDOW_HOURS).
 * Asking again with the same provider reuses the open upstream order; switching closes the other one first.
 */
export async function payOrder(
  db: Db,
  me: UserRow,
  id: number,
  config: Config,
  rt: PaymentRuntime,
  choice: PaymentProviderId = 'manual',
  log?: Log,
  provider: PaymentProvider | undefined = providersOf(config)[choice],
) {
  const { o, p } = await ownPending(db, me, id);
  if (!provider)
    throw new AppError('C0001', choice === 'manual' ? manualPaymentInfo(config).message : `本站暂未开通${providerName(choice)}`);
  const manual = provider.name === 'manual';
  // A transfer gets its window; a QR code keeps the 30 minutes (or 30 more, when it follows a transfer window).
  const payBefore = manual
    ? new Date(Math.max(closesAt(o).getTime(), Date.now() + config.manualWindowHours * 3600 * 1000))
    : o.payBefore
      ? new Date(Math.min(o.payBefore.getTime(), Date.now() + ORDER_PENDING_MINUTES * 60 * 1000))
      : closesAt(o);
  if (!manual && payBefore.getTime() - Date.now() < 60_000) throw invalid('status 订单即将超时关闭，请重新下单');
  if (o.provider === provider.name && o.payUrl) {
    // The same QR code again: the upstream order is still open.
    const { instructions } = await startWords(provider, o, p.name, payBefore);
    return { ...presentOrder(o, p), instructions, payUrl: o.payUrl, manual: manualPaymentInfo(config) };
  }
  if (o.payUrl && o.provider !== provider.name) {
    // Switching providers: the other upstream order is closed first, so the order cannot be paid twice.
    const before = await closeUpstream(db, config, rt, o);
    if (before === 'paid') throw invalid('status 这笔订单已经支付成功，请刷新');
  }
  const { instructions, payUrl } = await provider.start({ orderNo: o.orderNo, amount: o.amount, payBefore, productName: p.name });
  const after = await q.startPayment(db, id, { payBefore, provider: provider.name, payUrl });
  if (!after) throw invalid('status 订单状态已变化，请刷新');
  return { ...presentOrder(after, p), instructions, payUrl, manual: manualPaymentInfo(config) };
}

/** The words for an upstream order already open (no second upstream call). */
async function startWords(provider: PaymentProvider, o: q.OrderRow, productName: string, payBefore: Date) {
  if (provider.name === 'manual') return provider.start({ orderNo: o.orderNo, amount: o.amount, payBefore, productName });
  return {
    instructions: `请用${provider.name === 'wechat' ? '微信' : '支付宝'}扫一扫扫描二维码，支付 ¥${(o.amount / 100).toFixed(2)}。支付完成后本页会自动更新。`,
  };
}
