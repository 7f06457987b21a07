import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as orders from './service.js';
import { paymentMethods } from './providers.js';
import { alipayNotify, wechatNotify } from '../payments/service.js';
import * as ordersAdmin from './admin.js';
import { actorOf } from '../audit/service.js';

export const orderHandlers = defineHandlers({
  products: async ({ db }) => orders.listProducts(db),
  createOrder: async ({ db, me, body }) => orders.createOrder(db, me, body.productId),
  ordersPage: async ({ db, me, query, config, req }) =>
    orders.pageOrders(db, me, query.status, query.pageSize, offsetOf(query), config, req.log),
  cancelOrder: async ({ db, me, params, config, req }) => orders.cancelOrder(db, me, params.id, config, req.log),
  payOrder: async ({ db, me, params, body, config, req }) => orders.payOrder(db, me, params.id, config, body.provider, req.log),
  getOrder: async ({ db, me, params, config, req }) => orders.getOrder(db, me, params.id, config, req.log),
  paymentMethods: async ({ config }) => paymentMethods(config),
  wechatPayNotify: async ({ db, config, req, rawBody }) => wechatNotify(db, config, req.log, req.headers, rawBody),
  alipayNotify: async ({ db, config, req, rawBody }) => alipayNotify(db, config, req.log, req.headers, rawBody),
  adminOrdersPage: async ({ db, query }) => ordersAdmin.pageOrders(db, query),
  adminConfirmOrder: async ({ db, me, req, params }) => ordersAdmin.confirmOrder(db, actorOf(me, req), params.id),
  adminRefundOrder: async ({ db, config, me, req, params, body }) => ordersAdmin.refundOrder(db, config, actorOf(me, req), params.id, body.note),
  adminRefreshOrder: async ({ db, config, params }) => ordersAdmin.refreshOrder(db, config, params.id),
  adminPaymentNotifications: async ({ db, query }) => ordersAdmin.pageNotifications(db, query),
});
