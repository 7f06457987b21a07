import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as orders from './service.js';
import { manualPaymentInfo } from './providers.js';

export const orderHandlers = defineHandlers({
  products: async ({ db }) => orders.listProducts(db),
  createOrder: async ({ db, me, body }) => orders.createOrder(db, me, body.productId),
  ordersPage: async ({ db, me, query }) => orders.pageOrders(db, me, query.status, query.pageSize, offsetOf(query)),
  cancelOrder: async ({ db, me, params }) => orders.cancelOrder(db, me, params.id),
  payOrder: async ({ db, me, params, config }) => orders.payOrder(db, me, params.id, config),
  paymentMethods: async ({ config }) => ({ manual: manualPaymentInfo(config) }),
});
