/**
 * Orders in the console: confirming a transfer or settling an exception (pending, closed, cancelled or
 * exception → paid; membership extended by the plan's days), refunding (paid or exception → refunding →
 * refunded, through the provider the buyer paid with; membership shortened by the days the order added),
 * asking the provider about an order, and the providers' notifications as received. Confirm and refund are
 * idempotent: a second one changes nothing, and any other state is refused with the reason.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import * as queries from './queries.js';
import { invalid, notFound } from '../../http/errors.js';
import type { Broadcast } from '../../lib/broadcast.js';
import { changeUser } from '../users/index.js';
import type { Exec } from '../../db/client.js';
import { settleByEditor } from './ledger.js';
import { presentOrder } from './presenter.js';
import { refreshOrder as refresh, refundOrder as refund, type PaymentRuntime } from './payments.js';
import { auditedIn, type Actor } from '../audit/index.js';
import { iso } from '../../lib/time.js';

type Row = queries.ConsoleOrderRow;

const present = ({ o, p, u, notifications }: Row) => ({
  ...presentOrder(o, p),
  tradeNo: o.tradeNo,
  refundNo: o.refundNo,
  notifications: Number(notifications),
  user: { ...u, memberUntil: iso(u.memberUntil) },
});

export async function pageOrders(db: Db, q: CallParsed<'adminOrdersPage'>['query']) {
  const { rows, ...total } = await queries.pageAll(db, q);
  return { ...total, list: rows.map(present) };
}

async function loadOne(db: Exec, id: number) {
  const row = await queries.findForConsole(db, id);
  if (!row) throw notFound('订单不存在');
  return row;
}

/** Confirms a payment by hand (a transfer that arrived, or an exception settled), audited; a repeat answers the order unchanged. */
export async function confirmOrder(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number) {
  const current = await loadOne(db, id);
  if (current.o.status === 'paid') return present(current);
  if (current.o.status === 'refunded' || current.o.status === 'refunding') throw invalid('status 订单已退款，不能再确认到账');
  // The buyer's membership changes what the public reads show them (ads).
  await changeUser(db, broadcast, current.o.userId, (tx) =>
    auditedIn(
      tx,
      actor,
      { action: 'order.confirm', targetType: 'order', targetId: id, summary: { orderNo: current.o.orderNo, from: current.o.status } },
      async (tx) => {
        // The state check is repeated under the row lock, so two editors clicking at once extend membership once.
        if (!(await settleByEditor(tx, id))) throw invalid('status 订单状态已变化，请刷新');
      },
    ),
  );
  return present(await loadOne(db, id));
}

/** Refunds through the order's provider (or by hand for a transfer); see payments/service.ts. */
export async function refundOrder(db: Db, config: Config, rt: PaymentRuntime, actor: NonNullable<Actor>, id: number, note?: string) {
  await loadOne(db, id);
  await refund(db, config, rt, actor, id, note);
  return present(await loadOne(db, id));
}

/** Asks the order's provider about it now (payment, or refund in progress). */
export async function refreshOrder(db: Db, config: Config, rt: PaymentRuntime, id: number) {
  await loadOne(db, id);
  await refresh(db, config, rt, id);
  return present(await loadOne(db, id));
}

export async function pageNotifications(db: Db, q: CallParsed<'adminPaymentNotifications'>['query']) {
  const { rows, ...total } = await queries.pageNotifications(db, q);
  return {
    ...total,
    list: rows.map((r) => ({ ...r, reason: r.reason, headers: r.headers ?? null, createdAt: r.createdAt.toISOString() })),
  };
}
