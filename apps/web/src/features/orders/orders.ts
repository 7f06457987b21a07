import type { CallData } from '@shiju/contract';
import { ORDER_PENDING_MINUTES } from '@shiju/contract/core';

export type Order = CallData<'ordersPage'>['list'][number];
export type OrderStatus = Order['status'];
export type Product = CallData<'products'>[number];

export const STATUS: Record<OrderStatus, { label: string; color: string }> = {
  pending: { label: '待支付', color: 'gold' },
  paid: { label: '已支付', color: 'green' },
  cancelled: { label: '已取消', color: 'default' },
  refunded: { label: '已退款', color: 'purple' },
  closed: { label: '已关闭', color: 'default' },
  exception: { label: '支付异常', color: 'red' },
  refunding: { label: '退款中', color: 'orange' },
};

export type PaymentProviderId = 'wechat' | 'alipay' | 'manual';

/** How each way to pay is named on the page. */
export const PROVIDERS: Record<PaymentProviderId, string> = { wechat: '微信支付', alipay: '支付宝', manual: '银行转账' };

/** The ways to pay as a sentence: 微信支付、支付宝或银行转账. */
export function methodsSentence(ids: readonly PaymentProviderId[]): string {
  const names = ids.map((id) => PROVIDERS[id]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join('、')}或${names.at(-1)}`;
}

/** Fen to yuan as shown on a price: 1500 → ¥15.00. */
export function formatYuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/**
 * When a pending order closes (epoch ms): the server's `payBefore` (a bank transfer gets days, not minutes),
 * else ORDER_PENDING_MINUTES after it was placed.
 */
export function closesAt(order: Pick<Order, 'createdAt' | 'payBefore'>): number {
  if (order.payBefore) return new Date(order.payBefore).getTime();
  return new Date(order.createdAt).getTime() + ORDER_PENDING_MINUTES * 60_000;
}

/** mm:ss of what is left (never negative); a day or more reads as days and hours. */
export function formatRemaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)}天${Math.floor((s % 86_400) / 3600)}小时`;
  if (s >= 3600) return `${Math.floor(s / 3600)}小时${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}分`;
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
