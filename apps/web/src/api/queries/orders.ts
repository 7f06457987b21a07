import { defineDomain } from './define.js';

const orders = defineDomain('orders');

export const orderKeys = { all: orders.all, list: orders.call('ordersPage'), one: orders.call('getOrder') };

export const orderQueries = {
  mine: (pageSize: number) => orders.paged('ordersPage', (pageNum) => ({ query: { pageNum, pageSize } })),
  /** Plans change rarely. */
  products: () => ({ ...orders.query('products', {}), staleTime: 5 * 60_000 }),
  /** How one may pay (the bank transfer's account, or that buying is closed); quiet, in the background. */
  paymentMethods: () => ({ ...orders.query('paymentMethods', {}, { silent: true }), staleTime: 5 * 60_000 }),
  /** One own order, polled while its pay dialog is open (no loading mask; the server asks the provider too). */
  one: (id: number) => orders.query('getOrder', { params: { id } }),
};
