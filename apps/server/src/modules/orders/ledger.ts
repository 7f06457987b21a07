/**
 * The one place an order's money state changes. Every change runs in a transaction that locks the order row
 * and checks its state first, so a callback delivered twice, a callback racing an active query, or an editor
 * confirming at the same moment all extend membership exactly once.
 *
 *   pending ──pay──▶ paid ──refund──▶ refunding ──▶ refunded
 *      │  └─wrong amount─▶ exception ──refund──▶ refunding   (or an editor settles it: exception → paid)
 *      └─timeout / buyer─▶ closed | cancelled ──a verified payment still arrives──▶ paid
 *
 * A verified payment for an order that already closed or was cancelled is applied (the order becomes paid and
 * membership is extended) rather than refunded: the buyer paid the right amount for what they chose, a refund
 * would leave them without membership and waiting days for their money, and they are told what happened.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notify } from '../messages/index.js';
import { providerName } from './providers.js';
import { buyerOf, lockWithProduct as lock, setRefundIssue, updateOrder, type OrderRow, type ProductRow } from './queries.js';
import type { Broadcast } from '../../lib/broadcast.js';
import { changeUser, extendMembership, shortenMembership, type UserTx } from '../users/index.js';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const beijingDay = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10) : '—');

const untilText = (d: Date | null) => (d && d.getTime() > Date.now() ? `会员有效期至 ${beijingDay(d)}` : '会员已到期');

export type PaymentOutcome =
  /** pending → paid */
  | 'applied'
  /** closed / cancelled → paid (a payment that arrived after the order closed) */
  | 'late'
  /** the same payment again: nothing changed */
  | 'duplicate'
  /** amount differs: → exception, nothing granted */
  | 'exception'
  /** a different payment for an order that is already settled: nothing changed, an editor looks at it */
  | 'conflict'
  | 'unknown';

export interface VerifiedPayment {
  provider: 'wechat' | 'alipay';
  tradeNo: string;
  /** Fen, as the provider reports it. */
  amount: number;
}

/** Applies a payment the provider confirmed (a verified notification or an active query's answer). */
export async function applyPayment(
  db: Db,
  broadcast: Broadcast,
  orderId: number,
  pay: VerifiedPayment,
): Promise<{ outcome: PaymentOutcome; order?: OrderRow }> {
  const buyer = await buyerOf(db, orderId);
  if (buyer === null) return { outcome: 'unknown' };
  // The buyer's membership: no ads from their next request on.
  return changeUser(db, broadcast, buyer, async (tx) => {
    const row = await lock(tx, orderId);
    if (!row) return { outcome: 'unknown' as const };
    const { o, p } = row;
    if (o.tradeNo === pay.tradeNo && o.status !== 'pending' && o.status !== 'closed' && o.status !== 'cancelled')
      return { outcome: 'duplicate' as const, order: o };
    if (o.status !== 'pending' && o.status !== 'closed' && o.status !== 'cancelled') return { outcome: 'conflict' as const, order: o };
    if (pay.amount !== o.amount) {
      const issue = `${providerName(pay.provider)}实付 ${yuan(pay.amount)}，与订单金额 ${yuan(o.amount)} 不符`;
      const after = await updateOrder(tx, o.id, {
        status: 'exception',
        provider: pay.provider,
        tradeNo: pay.tradeNo,
        paidAmount: pay.amount,
        paidAt: sql`now()`,
        issue,
      });
      await notify(tx, {
        userId: o.userId,
        type: 'system',
        actorId: null,
        content: `你的订单 ${o.orderNo}（${p.name}）收到的付款 ${yuan(pay.amount)} 与订单金额 ${yuan(o.amount)} 不符，会员未能开通。编辑会尽快为你原路退款或处理，结果会通过站内消息告诉你。`,
      });
      return { outcome: 'exception' as const, order: after };
    }
    const late = o.status !== 'pending';
    const after = await updateOrder(tx, o.id, {
      status: 'paid',
      provider: pay.provider,
      tradeNo: pay.tradeNo,
      paidAmount: pay.amount,
      paidAt: sql`now()`,
      closedAt: null,
      payUrl: null,
      grantedDays: p.days,
      issue: null,
    });
    const until = await extendMembership(tx, o.userId, p.days);
    await notify(tx, {
      userId: o.userId,
      type: 'system',
      actorId: null,
      content: late
        ? `你的订单 ${o.orderNo}（${p.name}）在${o.status === 'cancelled' ? '取消' : '超时关闭'}后才收到${providerName(pay.provider)}付款 ${yuan(pay.amount)}；款项已收到，订单按已支付处理，${untilText(until)}。如不需要，可联系我们退款。`
        : `你的订单 ${o.orderNo}（${p.name}）已通过${providerName(pay.provider)}支付 ${yuan(pay.amount)}，${untilText(until)}。`,
    });
    return { outcome: late ? ('late' as const) : ('applied' as const), order: after };
  });
}

/**
 * An editor confirms a payment by hand: a bank transfer that arrived (pending, closed or cancelled), or an
 * exception settled (the difference handled with the buyer). Answers false when the order was not in such a state. Inside changeUser (the buyer's membership).
 */
export async function settleByEditor(tx: UserTx, orderId: number): Promise<boolean> {
  const row = await lock(tx, orderId);
  if (!row || !['pending', 'closed', 'cancelled', 'exception'].includes(row.o.status)) return false;
  const { o, p } = row;
  await updateOrder(tx, o.id, { status: 'paid', paidAt: o.paidAt ?? sql`now()`, closedAt: null, grantedDays: p.days, issue: null });
  const until = await extendMembership(tx, o.userId, p.days);
  await notify(tx, {
    userId: o.userId,
    type: 'system',
    actorId: null,
    content: `你的订单 ${o.orderNo}（${p.name}）已确认到账，${untilText(until)}`,
  });
  return true;
}

export type RefundStart =
  { kind: 'already'; order: OrderRow } | { kind: 'started'; order: OrderRow; product: ProductRow } | { kind: 'refused'; reason: string };

/**
 * Puts a paid (or exception) order into `refunding` with its refund number, or answers where it already is.
 * An order already refunding is answered as started again, so a refund whose provider call failed is retried
 * with the same refund number (the providers treat it as the same refund, never a second one).
 */
export async function beginRefund(tx: Tx, orderId: number): Promise<RefundStart> {
  const row = await lock(tx, orderId);
  if (!row) return { kind: 'refused', reason: '订单不存在' };
  const { o, p } = row;
  if (o.status === 'refunded') return { kind: 'already', order: o };
  if (o.status === 'refunding') return { kind: 'started', order: o, product: p };
  if (o.status !== 'paid' && o.status !== 'exception') return { kind: 'refused', reason: '只有已支付或支付异常的订单可以退款' };
  const after = await updateOrder(tx, o.id, {
    status: 'refunding',
    refundNo: o.refundNo ?? `${o.orderNo}R`,
    refundAmount: o.paidAmount ?? o.amount,
    issue: null,
  });
  return { kind: 'started', order: after, product: p };
}

/** Records why a refund is held up (the provider refused or could not be reached); the editor can try again. */
export async function refundHeldUp(db: Db, orderId: number, issue: string) {
  await setRefundIssue(db, orderId, issue.slice(0, 200));
}

/**
 * The provider says the refund went through (its answer, its notification or a query): refunding → refunded,
 * the order's days taken back from membership (never below now), the buyer told. Repeats change nothing.
 */
export async function completeRefund(
  db: Db,
  broadcast: Broadcast,
  orderId: number,
  note?: string,
): Promise<'refunded' | 'duplicate' | 'unknown'> {
  const buyer = await buyerOf(db, orderId);
  if (buyer === null) return 'unknown';
  // Membership shortened.
  return changeUser(db, broadcast, buyer, async (tx) => {
    const row = await lock(tx, orderId);
    if (!row) return 'unknown' as const;
    const { o, p } = row;
    if (o.status !== 'refunding') return 'duplicate' as const;
    await updateOrder(tx, o.id, { status: 'refunded', refundedAt: sql`now()`, closedAt: sql`now()`, issue: null });
    const until = o.grantedDays > 0 ? await shortenMembership(tx, o.userId, o.grantedDays) : null;
    const amount = o.refundAmount ?? o.paidAmount ?? o.amount;
    await notify(tx, {
      userId: o.userId,
      type: 'system',
      actorId: null,
      content:
        `你的订单 ${o.orderNo}（${p.name}）已退款 ${yuan(amount)}${o.provider === 'manual' ? '' : '，款项原路退回'}${note ? `（${note}）` : ''}` +
        (o.grantedDays > 0 ? `，${untilText(until)}` : ''),
    });
    return 'refunded' as const;
  });
}
