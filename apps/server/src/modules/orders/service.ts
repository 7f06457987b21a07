import crypto from 'node:crypto';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';
import type { UserRow } from '../../http/auth.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import { manualProvider, type PaymentProvider } from './providers.js';

export const PENDING_MINUTES = 30;
/** How many unpaid orders one person may hold at once. */
const MAX_PENDING = 5;

const STATUS_NAMES = { pending: '待支付', paid: '已支付', cancelled: '已取消', refunded: '已退款', closed: '已关闭' } as const;

type Product = typeof products.$inferSelect;
type Order = typeof orders.$inferSelect;

const presentProduct = (p: Product) => ({ id: p.id, name: p.name, description: p.description, priceFen: p.priceFen, days: p.days });
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const presentOrder = (o: Order, p: Product) => ({
  id: o.id,
  orderNo: o.orderNo,
  product: presentProduct(p),
  amount: o.amount,
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  paidAt: iso(o.paidAt),
  closedAt: iso(o.closedAt),
});

export async function listProducts(db: Db) {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sort), asc(products.id));
  return rows.map(presentProduct);
}

/** Pending orders older than 30 minutes close by themselves. */
export async function closeStaleOrders(db: Db) {
  const closed = await db
    .update(orders)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, sql`now() - make_interval(mins => ${PENDING_MINUTES})`)))
    .returning({ id: orders.id });
  return closed.length;
}

function newOrderNo() {
  const d = new Date(Date.now() + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `SJ${d}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

export async function createOrder(db: Db, me: UserRow, productId: number) {
  const [p] = await db.select().from(products).where(and(eq(products.id, productId), eq(products.active, true)));
  if (!p) throw invalid('productId 套餐不存在');
  await closeStaleOrders(db);
  const [pending] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.userId, me.id), eq(orders.status, 'pending')));
  if ((pending?.n ?? 0) >= MAX_PENDING) throw new AppError('A0501', '待支付订单过多，请先支付或取消');
  const [o] = await db.insert(orders).values({ orderNo: newOrderNo(), userId: me.id, productId: p.id, amount: p.priceFen }).returning();
  return presentOrder(o!, p);
}

export async function pageOrders(db: Db, me: UserRow, status: Order['status'] | undefined, limit: number, offset: number) {
  await closeStaleOrders(db);
  const where = and(eq(orders.userId, me.id), status ? eq(orders.status, status) : undefined);
  const [rows, [n]] = await Promise.all([
    db.select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { list: rows.map((r) => presentOrder(r.o, r.p)), total: n?.n ?? 0 };
}

async function ownPending(db: Db, me: UserRow, id: number) {
  await closeStaleOrders(db);
  const [row] = await db.select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, id));
  if (!row) throw notFound('订单不存在');
  if (row.o.userId !== me.id) throw forbidden();
  if (row.o.status !== 'pending') throw invalid(`status 订单${STATUS_NAMES[row.o.status]}，不能再操作`);
  return row;
}

export async function cancelOrder(db: Db, me: UserRow, id: number) {
  const { p } = await ownPending(db, me, id);
  const [o] = await db
    .update(orders)
    .set({ status: 'cancelled', closedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  if (!o) throw invalid('status 订单状态已变化，请刷新');
  return presentOrder(o, p);
}

export async function payOrder(db: Db, me: UserRow, id: number, provider: PaymentProvider = manualProvider) {
  const { o, p } = await ownPending(db, me, id);
  const { instructions } = await provider.start(o);
  return { ...presentOrder(o, p), instructions };
}
