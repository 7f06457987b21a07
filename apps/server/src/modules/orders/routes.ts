import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as orders from './service.js';
import { paymentMethods } from './providers.js';
import { alipayNotify, wechatNotify } from './payments.js';
import * as ordersAdmin from './admin.js';
import { actorOf } from '../audit/index.js';

export const orderHandlers = defineHandlers({
  products: async ({ db }) => orders.listProducts(db),
  createOrder: async ({ db, me, body }) => orders.createOrder(db, me, body.productId),
  ordersPage: async ({ db, me, query, config, runtime, req }) =>
    orders.pageOrders(db, me, query.status, query.pageSize, offsetOf(query), config, runtime, req.log),
  cancelOrder: async ({ db, me, params, config, runtime, req }) => orders.cancelOrder(db, me, params.id, config, runtime, req.log),
  payOrder: async ({ db, me, params, body, config, runtime, req }) =>
    orders.payOrder(db, me, params.id, config, runtime, body.provider, req.log),
  getOrder: async ({ db, me, params, config, runtime, req }) => orders.getOrder(db, me, params.id, config, runtime, req.log),
  paymentMethods: async ({ config }) => paymentMethods(config),
  wechatPayNotify: async ({ db, config, runtime, req, rawBody }) => wechatNotify(db, config, runtime, req.log, req.headers, rawBody),
  alipayNotify: async ({ db, config, runtime, req, rawBody }) => alipayNotify(db, config, runtime, req.log, req.headers, rawBody),
  adminOrdersPage: async ({ db, query }) => ordersAdmin.pageOrders(db, query),
  adminConfirmOrder: async ({ db, me, req, params, runtime }) =>
    ordersAdmin.confirmOrder(db, runtime.broadcast, actorOf(me, req), params.id),
  adminRefundOrder: async ({ db, config, runtime, me, req, params, body }) =>
    ordersAdmin.refundOrder(db, config, runtime, actorOf(me, req), params.id, body.note),
  adminRefreshOrder: async ({ db, config, runtime, params }) => ordersAdmin.refreshOrder(db, config, runtime, params.id),
  adminPaymentNotifications: async ({ db, query }) => ordersAdmin.pageNotifications(db, query),
});
