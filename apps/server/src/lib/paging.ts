import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { TOTAL_CAP, type SortOrder } from '@shiju/contract';
import type { Db } from '../db/client.js';

export function offsetOf(p: { pageNum: number; pageSize: number }): number {
  return (p.pageNum - 1) * p.pageSize;
}

/** The select list of a small count query (a few rows by an index), e.g. one user's pending orders. */
export const countAll = { n: sql<number>`count(*)::int` };

/** `total` and `totalCapped` of the contract's page shape. */
export interface Total {
  total: number;
  totalCapped: boolean;
}

/** An exact count (from a maintained counter); never capped. */
export const exactTotal = (n: number): Total => ({ total: Math.max(0, n), totalCapped: false });

/** What a count that stopped after TOTAL_CAP + 1 rows means. */
export const cappedTotal = (n: number): Total => (n > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : exactTotal(n));

/**
 * Counts the rows a page's select would return, but stops after TOTAL_CAP + 1 of them: a large table is never
 * counted whole on a request. Pass the page's select without order or limit.
 */
export async function countUpTo(db: Pick<Db, 'select'>, rows: PgSelect): Promise<Total> {
  const sub = rows.limit(TOTAL_CAP + 1).as('capped');
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  return cappedTotal(r?.n ?? 0);
}

/** The select countUpTo takes: one constant column over the page's from/where. */
export const one = { one: sql<number>`1`.as('one') };

/**
 * One page of rows and its total (`{ list, total }` plus `totalCapped`: docs/rules.md#calls-and-envelope), asked in parallel: the
 * page query and a `countUpTo` over the same filter built by the caller.
 */
export async function withTotal<T>(rows: PromiseLike<T[]>, total: PromiseLike<Total>): Promise<{ rows: T[] } & Total> {
  const [list, t] = await Promise.all([rows, total]);
  return { rows: list, ...t };
}

/**
 * The ORDER BY of a sortable page: the asked column in the asked direction, then `tieBreak` the same way so pages
 * never overlap; `fallback` when the query names no sort. Nulls go last either way (never-active users, never-shown ads).
 */
export function sortedBy<F extends string>(
  q: { sortField?: F | undefined; sortOrder?: SortOrder | undefined },
  columns: Record<F, AnyColumn | SQL>,
  tieBreak: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (!q.sortField || !q.sortOrder) return fallback;
  const by = q.sortOrder === 'ascend' ? asc : desc;
  return [sql`${by(columns[q.sortField])} nulls last`, by(tieBreak)];
}
