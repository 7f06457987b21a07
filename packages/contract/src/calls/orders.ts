import { z } from 'zod';
import { ADMIN_ERRORS, ADMIN_ERRORS_404, AdminPageQuery, Id, IdParams, inDomain, page, PageQuery, route, Timestamp } from '../schema.js';
import { AdminUserBrief } from './entities.js';

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  days: z.number().int(),
});
/**
 * pending → paid | closed | cancelled | exception; paid | exception → refunding → refunded. `exception`: the
 * provider confirmed a payment that could not be applied (its amount differs); an editor refunds or settles it.
 */
export const OrderStatus = z.enum(['pending', 'paid', 'cancelled', 'refunded', 'closed', 'exception', 'refunding']);
export const PaymentProviderId = z.enum(['wechat', 'alipay', 'manual']);
export type PaymentProviderId = z.infer<typeof PaymentProviderId>;
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
  /** The way of paying chosen last. */
  provider: PaymentProviderId.optional(),
  /** What the provider says was paid, in fen (differs from `amount` on an exception). */
  paidAmount: z.number().int().nullable().optional(),
  /** Why the order is an exception (shown to the buyer), or why a refund is held up. */
  issue: z.string().nullable().optional(),
  refundedAt: Timestamp.nullable().optional(),
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

/** Which ways to pay are configured now (none configured: the site works, /myOrder says buying is closed). */
export const PaymentMethods = z.object({
  manual: ManualPayment,
  wechat: z.object({ enabled: z.boolean() }),
  alipay: z.object({ enabled: z.boolean() }),
  /** The enabled ones, in the order /myOrder offers them. */
  available: z.array(PaymentProviderId),
});

export const PaymentStart = Order.extend({
  /** How to pay, in words (the transfer instructions, or what to scan with). */
  instructions: z.string(),
  /** WeChat's code_url or Alipay's qr_code, for the browser to draw as a QR code; null for a transfer. */
  payUrl: z.string().nullable(),
  manual: ManualPayment.optional(),
});

// ---------- the admin console: orders ----------

export const AdminOrder = Order.extend({
  user: AdminUserBrief.extend({ memberUntil: Timestamp.nullable() }),
  provider: z.string(),
  /** The provider's transaction id of the payment applied. */
  tradeNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  /** How many provider notifications (and query answers) are stored for this order. */
  notifications: z.number().int(),
});

/** One provider notification as received, verified or not, and what was done about it. */
export const PaymentNotification = z.object({
  id: z.number().int(),
  provider: z.string(),
  kind: z.enum(['payment', 'refund', 'query']),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  reason: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  body: z.string(),
  content: z.unknown(),
  createdAt: Timestamp,
});

export const orderCalls = inDomain('orders', {
  products: route({
    id: 'products',
    method: 'GET',
    path: '/api/v1/pc/products',
    auth: 'none',
    summary: '会员套餐',
    response: z.array(Product),
    errors: [],
  }),
  createOrder: route({
    id: 'createOrder',
    method: 'POST',
    path: '/api/v1/pc/orders',
    auth: 'required',
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
    summary: '取消待支付订单',
    params: IdParams,
    response: Order,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  paymentMethods: route({
    id: 'paymentMethods',
    method: 'GET',
    path: '/api/v1/pc/payments/methods',
    auth: 'none',
    summary: '可用支付方式（微信支付、支付宝、银行转账中已配置的）',
    response: PaymentMethods,
    errors: [],
  }),
  payOrder: route({
    id: 'payOrder',
    method: 'POST',
    path: '/api/v1/pc/orders/:id/pay',
    auth: 'required',
    summary: '发起支付：微信 code_url、支付宝二维码，或转账说明',
    params: IdParams,
    body: z.object({ provider: PaymentProviderId.default('manual') }),
    response: PaymentStart,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'C0001'],
  }),
  getOrder: route({
    id: 'getOrder',
    method: 'GET',
    path: '/api/v1/pc/orders/:id',
    auth: 'required',
    summary: '我的一笔订单（支付窗口打开时轮询；未支付时会主动向支付渠道查询）',
    silent: true,
    params: IdParams,
    response: Order,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  wechatPayNotify: route({
    id: 'wechatPayNotify',
    method: 'POST',
    path: '/api/v1/pay/wechat/notify',
    auth: 'none',
    summary: '微信支付回调（支付与退款结果通知；应答为微信支付的协议，不是信封）',
    rawCallback: 'wechatPayNotify',
    response: z.unknown(),
    errors: ['C0001'],
  }),
  alipayNotify: route({
    id: 'alipayNotify',
    method: 'POST',
    path: '/api/v1/pay/alipay/notify',
    auth: 'none',
    summary: '支付宝异步通知（应答为支付宝的协议：success / fail，不是信封）',
    rawCallback: 'alipayNotify',
    response: z.unknown(),
    errors: ['C0001'],
  }),
  adminOrdersPage: route({
    id: 'adminOrdersPage',
    method: 'GET',
    path: '/api/v1/admin/orders/page',
    auth: 'admin',
    summary: '全部订单',
    query: AdminPageQuery.extend({
      status: OrderStatus.optional(),
      /** Order number or username. */
      keyword: z.string().trim().max(50).optional(),
      userId: Id.optional(),
    }),
    response: page(AdminOrder),
    errors: [...ADMIN_ERRORS],
  }),
  adminConfirmOrder: route({
    id: 'adminConfirmOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/confirm',
    auth: 'admin',
    summary: '确认到账（待支付、已关闭、已取消或支付异常 → 已支付，延长会员，通知用户；已支付时不重复）',
    params: IdParams,
    response: AdminOrder,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminRefundOrder: route({
    id: 'adminRefundOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/refund',
    auth: 'admin',
    summary: '退款（已支付或支付异常 → 退款中 → 已退款，经支付渠道原路退回，缩短会员，通知用户；重复退款不重复退）',
    params: IdParams,
    body: z.object({ note: z.string().trim().max(200).optional() }),
    response: AdminOrder,
    errors: [...ADMIN_ERRORS_404, 'C0001'],
  }),
  adminRefreshOrder: route({
    id: 'adminRefreshOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/refresh',
    auth: 'admin',
    summary: '向支付渠道查询订单（支付或退款结果），并按结果更新',
    params: IdParams,
    response: AdminOrder,
    errors: [...ADMIN_ERRORS_404, 'C0001'],
  }),
  adminPaymentNotifications: route({
    id: 'adminPaymentNotifications',
    method: 'GET',
    path: '/api/v1/admin/payments/notifications',
    auth: 'admin',
    summary: '支付回调记录（原文、验签结果与处理结果）',
    query: AdminPageQuery.extend({
      orderId: Id.optional(),
      provider: z.enum(['wechat', 'alipay', 'manual']).optional(),
      /** Only the ones that changed nothing or need an editor: refused, exception, conflict. */
      problems: z.enum(['true', 'false']).optional(),
    }),
    response: page(PaymentNotification),
    errors: [...ADMIN_ERRORS],
  }),
});
