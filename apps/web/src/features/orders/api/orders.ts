import { useQueryClient } from '@tanstack/react-query';
import { adKeys } from '../../../api/keys.js';
import { api } from '../../../api/client.js';
import { defineCallWrite, defineDomain, defineWrite } from '../../../api/define.js';
import { userKeys } from '../../../api/keys.js';

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

/** Places an order for a product; the list shows it (refetched in the background). */
export const useCreateOrder = defineWrite(({ productId }: { productId: number }) => api('createOrder', { body: { productId } }), {
  onSettled: (queryClient) => void queryClient.invalidateQueries({ queryKey: orderKeys.list }),
});

/** Cancels a pending order; the list refetches even when it fails (the order may have been paid or closed meanwhile). */
export const useCancelOrder = defineWrite(({ id }: { id: number }) => api('cancelOrder', { params: { id } }), {
  onSettled: (queryClient) => void queryClient.invalidateQueries({ queryKey: orderKeys.list }),
});

/** Starts paying an order with one provider: the QR code's URL, or the transfer's account. */
export const usePayOrder = defineCallWrite('payOrder');

/**
 * Orders change without a write of this page too: a pending one runs out, the pay dialog closes, or polling sees it
 * paid (then membership, and with it the ads a reader sees, changed as well). Refetched in the background.
 */
export function useOrderRefresh() {
  const queryClient = useQueryClient();
  return {
    orders: () => void queryClient.invalidateQueries({ queryKey: orderKeys.list }),
    paid: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.list });
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
      // Ads are per viewer: a member sees none from now on.
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
    },
  };
}
