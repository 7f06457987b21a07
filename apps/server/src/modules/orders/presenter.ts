import { ORDER_PENDING_MINUTES } from '@shiju/contract/core';
import { iso } from '../../lib/time.js';
import type { OrderRow, ProductRow } from './queries.js';

/** When a pending order closes by itself: its transfer window once paying by transfer, else 30 minutes. */
export const closesAt = (o: OrderRow) => o.payBefore ?? new Date(o.createdAt.getTime() + ORDER_PENDING_MINUTES * 60 * 1000);

export const presentProduct = (p: ProductRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  priceFen: p.priceFen,
  days: p.days,
});

export const presentOrder = (o: OrderRow, p: ProductRow) => ({
  id: o.id,
  orderNo: o.orderNo,
  product: presentProduct(p),
  amount: o.amount,
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  paidAt: iso(o.paidAt),
  closedAt: iso(o.closedAt),
  payBefore: o.status === 'pending' ? closesAt(o).toISOString() : null,
  provider: o.provider as 'wechat' | 'alipay' | 'manual',
  paidAmount: o.paidAmount,
  issue: o.issue,
  refundedAt: iso(o.refundedAt),
});
