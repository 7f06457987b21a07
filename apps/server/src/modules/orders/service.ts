import crypto from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../http/auth.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import { manualPaymentInfo, manualProvider, type PaymentProvider } from './providers.js';
import type { Config } from '../../config.js';
import { closesAt, PENDING_MINUTES, presentOrder, presentProduct } from './presenter.js';
import * as q from './queries.js';

/** How many unpaid orders one person may hold at once. */
const MAX_PENDING = 5;

const STATUS_NAMES = { pending: '待支付', paid: '已支付', cancelled: '已取消', refunded: '已退款', closed: '已关闭' } as const;

export async function listProducts(db: Db) {
  const rows = await q.activeProducts(db);
  return rows.map(presentProduct);
}

/** Pending orders close by themselves after 30 minutes, or at the end of their transfer window. */
export function closeStaleOrders(db: Db) {
  return q.closeStale(db, PENDING_MINUTES);
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

export async function pageOrders(db: Db, me: UserRow, status: q.OrderStatus | undefined, limit: number, offset: number) {
  await closeStaleOrders(db);
  const { rows, ...total } = await q.pageOfUser(db, me.id, status, limit, offset);
  return { list: rows.map((r) => presentOrder(r.o, r.p)), ...total };
}

async function ownPending(db: Db, me: UserRow, id: number) {
  await closeStaleOrders(db);
  const row = await q.findWithProduct(db, id);
  if (!row) throw notFound('订单不存在');
  if (row.o.userId !== me.id) throw forbidden();
  if (row.o.status !== 'pending') throw invalid(`status 订单${STATUS_NAMES[row.o.status]}，不能再操作`);
  return row;
}

export async function cancelOrder(db: Db, me: UserRow, id: number) {
  const { p } = await ownPending(db, me, id);
  const o = await q.cancelPending(db, id);
  if (!o) throw invalid('status 订单状态已变化，请刷新');
  return presentOrder(o, p);
}

/** Paying by transfer gives the order the transfer window (PAYMENT_MANUAL_WINDOW_HOURS) instead of 30 minutes. */
export async function payOrder(db: Db, me: UserRow, id: number, config: Config, provider: PaymentProvider = manualProvider(config)) {
  const { o, p } = await ownPending(db, me, id);
  const payBefore = new Date(Math.max(closesAt(o).getTime(), Date.now() + config.manualWindowHours * 3600 * 1000));
  const { instructions } = await provider.start({ ...o, payBefore });
  const after = await q.startPayment(db, id, { payBefore, provider: provider.name });
  if (!after) throw invalid('status 订单状态已变化，请刷新');
  return { ...presentOrder(after, p), instructions, manual: manualPaymentInfo(config) };
}
