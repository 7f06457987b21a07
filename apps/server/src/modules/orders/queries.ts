import { and, asc, desc, eq, ilike, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CallParsed } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { orders, paymentNotifications, products, users } from '../../db/schema.js';
import { countAll, countUpTo, offsetOf, one, withTotal } from '../../lib/paging.js';
import { likePattern } from '../../lib/text.js';

export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = OrderRow['status'];

export function activeProducts(db: Db) {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sort), asc(products.id));
}

export async function findActiveProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  return p;
}

/**
 * Closes the pending orders whose time is up: the end of their transfer window (`payBefore`) when they have
 * one, else `pendingMinutes` after they were created. Returns how many.
 */
export async function closeStale(db: Db, pendingMinutes: number): Promise<number> {
  const closed = await db
    .update(orders)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(sql`coalesce(${orders.payBefore}, ${orders.createdAt} + make_interval(mins => ${pendingMinutes}))`, sql`now()`),
      ),
    )
    .returning({ id: orders.id });
  return closed.length;
}

export async function countPending(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select(countAll)
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return r?.n ?? 0;
}

export async function insert(db: Db, o: Pick<OrderRow, 'orderNo' | 'userId' | 'productId' | 'amount'>): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(o).returning();
  return row!;
}

/** One user's orders (of one status or all), newest first, each with its product. */
export function pageOfUser(db: Db, userId: number, status: OrderStatus | undefined, limit: number, offset: number) {
  const where = and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined);
  return withTotal(
    db
      .select({ o: orders, p: products })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(orders).where(where).$dynamic()),
  );
}

export async function findWithProduct(db: Db, id: number): Promise<{ o: OrderRow; p: ProductRow } | undefined> {
  const [row] = await db
    .select({ o: orders, p: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, id));
  return row;
}

/** Changes the order if it is still pending; undefined when it was not. */
async function updatePending(db: Db, id: number, set: PgUpdateSetSource<typeof orders>): Promise<OrderRow | undefined> {
  const [o] = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return o;
}

/** Cancels the order if it is still pending; undefined when it was not. */
export function cancelPending(db: Db, id: number): Promise<OrderRow | undefined> {
  return updatePending(db, id, { status: 'cancelled', closedAt: sql`now()` });
}

/** Records the payment started on a still pending order; undefined when it was not pending any more. */
export function startPayment(
  db: Db,
  id: number,
  payment: Pick<OrderRow, 'payBefore' | 'provider' | 'payUrl'>,
): Promise<OrderRow | undefined> {
  return updatePending(db, id, payment);
}

export async function findOrder(db: Exec, id: number): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
}

export async function findByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return o;
}

/** Who bought an order (it never changes), or null when there is no such order. */
export async function buyerOf(db: Db, orderId: number): Promise<number | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId ?? null;
}

/** The order and its product, the order locked for the rest of the transaction. */
export async function lockWithProduct(tx: Exec, orderId: number): Promise<{ o: OrderRow; p: ProductRow } | undefined> {
  const [row] = await tx
    .select({ o: orders, p: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row;
}

export async function updateOrder(tx: Exec, id: number, set: PgUpdateSetSource<typeof orders>): Promise<OrderRow> {
  const [o] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
  return o!;
}

/** Records why a refund is held up, if the order is still refunding. */
export async function setRefundIssue(db: Db, orderId: number, issue: string) {
  await db
    .update(orders)
    .set({ issue })
    .where(sql`${orders.id} = ${orderId} and ${orders.status} = 'refunding'`);
}

/** Forgets the provider's payment page once the upstream order is closed (unless the order got paid meanwhile). */
export async function clearPayUrl(db: Db, id: number) {
  await db
    .update(orders)
    .set({ payUrl: null })
    .where(and(eq(orders.id, id), inArray(orders.status, ['closed', 'cancelled', 'pending'])));
}

const paidOnline = inArray(orders.provider, ['wechat', 'alipay']);

/** Closed or cancelled online orders whose upstream order may still be open. */
export function closedWithPayUrl(db: Db, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(paidOnline, inArray(orders.status, ['closed', 'cancelled']), isNotNull(orders.payUrl)))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Pending online orders created before `before`, newest first. */
export function pendingOnlineBefore(db: Db, before: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(paidOnline, eq(orders.status, 'pending'), isNotNull(orders.payUrl), lt(orders.createdAt, before)))
    .orderBy(desc(orders.id))
    .limit(limit);
}

export function refundingOnline(db: Db, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(paidOnline, eq(orders.status, 'refunding'), sql`${orders.refundNo} is not null`))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export async function insertNotification(db: Db, values: typeof paymentNotifications.$inferInsert) {
  await db.insert(paymentNotifications).values(values);
}

const buyer = { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar, memberUntil: users.memberUntil };

const notificationCount = sql<number>`(select count(*)::int from ${paymentNotifications} where ${paymentNotifications.orderId} = ${orders.id})`;

function consoleRows(db: Exec) {
  return db
    .select({ o: orders, p: products, u: buyer, notifications: notificationCount })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId));
}

/** An order as the console shows it: with its product, its buyer and how many notifications it received. */
export type ConsoleOrderRow = Awaited<ReturnType<ReturnType<typeof consoleRows>['where']>>[number];

export function pageAll(db: Db, q: CallParsed<'adminOrdersPage'>['query']) {
  const like = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    q.status ? eq(orders.status, q.status) : undefined,
    q.userId ? eq(orders.userId, q.userId) : undefined,
    like ? or(ilike(orders.orderNo, like), ilike(users.username, like), ilike(users.nickname, like)) : undefined,
  );
  return withTotal(
    consoleRows(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.pageSize).offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where).$dynamic()),
  );
}

export async function findForConsole(db: Exec, id: number): Promise<ConsoleOrderRow | undefined> {
  const [row] = await consoleRows(db).where(eq(orders.id, id));
  return row;
}

export function pageNotifications(db: Db, q: CallParsed<'adminPaymentNotifications'>['query']) {
  const n = paymentNotifications;
  const where = and(
    q.orderId ? eq(n.orderId, q.orderId) : undefined,
    q.provider ? eq(n.provider, q.provider) : undefined,
    q.problems === 'true' ? inArray(n.outcome, ['refused', 'exception', 'conflict', 'late']) : undefined,
  );
  return withTotal(
    db.select().from(n).where(where).orderBy(desc(n.createdAt), desc(n.id)).limit(q.pageSize).offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(n).where(where).$dynamic()),
  );
}
