/**
 * Payment providers. The built-in one is manual confirmation: the buyer transfers the amount with the
 * order number as the note, and an editor confirms it in the admin console.
 */
export interface PaymentProvider {
  name: string;
  start(order: { orderNo: string; amount: number }): Promise<{ instructions: string }>;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export const manualProvider: PaymentProvider = {
  name: 'manual',
  async start(order) {
    return {
      instructions: `请向拾句对公账户转账 ¥${yuan(order.amount)}，并在附言中填写订单号 ${order.orderNo}。到账后编辑会在 1 个工作日内确认，会员随即生效。`,
    };
  },
};
