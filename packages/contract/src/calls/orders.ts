import { z } from 'zod';
import { Id, IdParams, page, PageQuery, route, Timestamp } from '../schema.js';

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  days: z.number().int(),
});
export const OrderStatus = z.enum(['pending', 'paid', 'cancelled', 'refunded', 'closed']);
export const Order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  product: Product,
  amount: z.number().int(),
  status: OrderStatus,
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
  /** A pending order closes by itself at this time (30 minutes; the manual transfer window once paying by transfer). */
  payBefore: Timestamp.nullable().optional(),
});

/** Manual (bank transfer) payment: configured by PAYMENT_MANUAL_*; off when none is configured. */
export const ManualPayment = z.object({
  enabled: z.boolean(),
  payee: z.string().nullable(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  windowHours: z.number().int(),
  /** Why it is off, or how to pay. */
  message: z.string(),
});

export const orderCalls = {
  products: route({
    id: 'products',
    method: 'GET',
    path: '/api/v1/pc/products',
    auth: 'none',
    owner: 'commerce',
    summary: '会员套餐',
    response: z.array(Product),
    errors: [],
  }),
  createOrder: route({
    id: 'createOrder',
    method: 'POST',
    path: '/api/v1/pc/orders',
    auth: 'required',
    owner: 'commerce',
    summary: '下单',
    body: z.object({ productId: Id }),
    response: Order,
    errors: ['A0400', 'A0230', 'A0404', 'A0501'],
  }),
  ordersPage: route({
    id: 'ordersPage',
    method: 'GET',
    path: '/api/v1/pc/orders/page',
    auth: 'required',
    owner: 'commerce',
    summary: '我的订单',
    query: PageQuery.extend({ status: OrderStatus.optional() }),
    response: page(Order),
    errors: ['A0400', 'A0230'],
  }),
  cancelOrder: route({
    id: 'cancelOrder',
    method: 'POST',
    path: '/api/v1/pc/orders/:id/cancel',
    auth: 'required',
    owner: 'commerce',
    summary: '取消待支付订单',
    params: IdParams,
    response: Order,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  paymentMethods: route({
    id: 'paymentMethods',
    method: 'GET',
    path: '/api/v1/pc/payment/methods',
    auth: 'none',
    owner: 'admin',
    summary: '可用支付方式（转账收款信息）',
    response: z.object({ manual: ManualPayment }),
    errors: [],
  }),
  payOrder: route({
    id: 'payOrder',
    method: 'POST',
    path: '/api/v1/pc/orders/:id/pay',
    auth: 'required',
    owner: 'commerce',
    summary: '发起支付（内置渠道：等待管理员确认转账）',
    params: IdParams,
    response: Order.extend({ instructions: z.string(), manual: ManualPayment.optional() }),
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'C0001'],
  }),
};
