import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';
import { countAll, countUpTo, one, withTotal } from '../../lib/paging.js';

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
