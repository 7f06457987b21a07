import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as orders from './service.js';
import { paymentMethods } from './providers.js';
import { alipayNotify, wechatNotify } from './payments.js';
import * as ordersAdmin from './admin.js';
import { actorOf } from '../audit/index.js';

export function orderHandlers({ db, config, runtime }: ModuleDeps<'broadcast' | 'paymentPolls'>) {
  return defineHandlers({
    products: async () => orders.listProducts(db),
    createOrder: async ({ me, body }) => orders.createOrder(db, me, body.productId),
    ordersPage: async ({ me, query, req }) =>
      orders.pageOrders(db, me, query.status, query.pageSize, offsetOf(query), config, runtime, req.log),
    cancelOrder: async ({ me, params, req }) => orders.cancelOrder(db, me, params.id, config, runtime, req.log),
    payOrder: async ({ me, params, body, req }) => orders.payOrder(db, me, params.id, config, runtime, body.provider, req.log),
    getOrder: async ({ me, params, req }) => orders.getOrder(db, me, params.id, config, runtime, req.log),
    paymentMethods: async () => paymentMethods(config),
    wechatPayNotify: async ({ req, rawBody }) => wechatNotify(db, config, runtime, req.log, req.headers, rawBody),
    alipayNotify: async ({ req, rawBody }) => alipayNotify(db, config, runtime, req.log, req.headers, rawBody),
    adminOrdersPage: async ({ query }) => ordersAdmin.pageOrders(db, query),
    adminConfirmOrder: async ({ me, req, params }) => ordersAdmin.confirmOrder(db, runtime.broadcast, actorOf(me, req), params.id),
    adminRefundOrder: async ({ me, req, params, body }) =>
      ordersAdmin.refundOrder(db, config, runtime, actorOf(me, req), params.id, body.note),
    adminRefreshOrder: async ({ params }) => ordersAdmin.refreshOrder(db, config, runtime, params.id),
    adminPaymentNotifications: async ({ query }) => ordersAdmin.pageNotifications(db, query),
  });
}
