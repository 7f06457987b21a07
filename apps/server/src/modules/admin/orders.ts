/**
 * Orders in the console: confirming a transfer (pending, closed or cancelled → paid; membership extended by
 * the plan's days) and refunding (paid → refunded; membership shortened by them). Both are idempotent: a
 * second confirm or refund changes nothing, and any other state is refused with the reason.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { orders, products, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import type { Tx } from '../essays/queries.js';
import { notify } from '../messages/service.js';
import { presentOrder } from '../orders/presenter.js';
import { audited, type Actor } from './audit.js';
import { iso, likePattern } from './presenter.js';
import { countUpTo, one } from '../../lib/paging.js';

const buyer = { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar, memberUntil: users.memberUntil };

function loadRows(db: Db | Tx) {
  return (db as Db)
    .select({ o: orders, p: products, u: buyer })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId));
}
type Row = Awaited<ReturnType<ReturnType<typeof loadRows>['where']>>[number];

const present = ({ o, p, u }: Row) => ({
  ...presentOrder(o, p),
  provider: o.provider,
  user: { ...u, memberUntil: iso(u.memberUntil) },
});

export async function pageOrders(db: Db, q: CallParsed<'adminOrdersPage'>['query']) {
  const like = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    q.status ? eq(orders.status, q.status) : undefined,
    q.userId ? eq(orders.userId, q.userId) : undefined,
    like ? or(ilike(orders.orderNo, like), ilike(users.username, like), ilike(users.nickname, like)) : undefined,
  );
  const [rows, total] = await Promise.all([
    loadRows(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.pageSize).offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where).$dynamic()),
  ]);
  return { ...total, list: rows.map(present) };
}

async function loadOne(db: Db | Tx, id: number) {
  const [row] = await loadRows(db).where(eq(orders.id, id));
  if (!row) throw notFound('订单不存在');
  return row;
}

const beijingDay = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10) : '—');

/** Confirms or refunds inside one audited transaction; a repeat answers the order as it is, unchanged. */
async function settle(db: Db, actor: NonNullable<Actor>, id: number, kind: 'confirm' | 'refund', note?: string) {
  const current = await loadOne(db, id);
  const done = kind === 'confirm' ? 'paid' : 'refunded';
  if (current.o.status === done) return present(current);
  if (kind === 'confirm' && current.o.status === 'refunded') throw invalid('status 订单已退款，不能再确认到账');
  if (kind === 'refund' && current.o.status !== 'paid') throw invalid('status 只有已支付的订单可以退款');
  await audited(
    db,
    actor,
    {
      action: `order.${kind}`,
      targetType: 'order',
      targetId: id,
      summary: { orderNo: current.o.orderNo, from: current.o.status, note: note ?? null },
    },
    async (tx) => {
      // The state check is repeated under the row lock, so two editors clicking at once extend membership once.
      const [o] = await tx
        .update(orders)
        .set(kind === 'confirm' ? { status: 'paid', paidAt: sql`now()`, closedAt: null } : { status: 'refunded', closedAt: sql`now()` })
        .where(
          and(
            eq(orders.id, id),
            kind === 'confirm' ? sql`${orders.status} in ('pending', 'closed', 'cancelled')` : eq(orders.status, 'paid'),
          ),
        )
        .returning();
      if (!o) throw invalid('status 订单状态已变化，请刷新');
      const days = current.p.days;
      const [u] = await tx
        .update(users)
        .set({
          memberUntil:
            kind === 'confirm'
              ? sql`greatest(coalesce(${users.memberUntil}, now()), now()) + make_interval(days => ${days})`
              : sql`${users.memberUntil} - make_interval(days => ${days})`,
        })
        .where(eq(users.id, o.userId))
        .returning({ memberUntil: users.memberUntil });
      const until = u?.memberUntil && u.memberUntil.getTime() > Date.now() ? `会员有效期至 ${beijingDay(u.memberUntil)}` : '会员已到期';
      const content =
        kind === 'confirm'
          ? `你的订单 ${o.orderNo}（${current.p.name}）已确认到账，${until}`
          : `你的订单 ${o.orderNo}（${current.p.name}）已退款${note ? `（${note}）` : ''}，${until}`;
      await notify(tx, { userId: o.userId, type: 'system', actorId: null, content });
    },
  );
  return present(await loadOne(db, id));
}

export const confirmOrder = (db: Db, actor: NonNullable<Actor>, id: number) => settle(db, actor, id, 'confirm');
export const refundOrder = (db: Db, actor: NonNullable<Actor>, id: number, note?: string) => settle(db, actor, id, 'refund', note);
