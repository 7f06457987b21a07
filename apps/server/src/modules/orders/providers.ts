/**
 * Payment providers. The built-in one is manual confirmation: the buyer transfers the amount to the account
 * configured by PAYMENT_MANUAL_* with the order number as the note, and an editor confirms it in the console.
 * Without that configuration it is off and says so, rather than sending people to transfer to nowhere.
 */
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';

export interface PaymentProvider {
  name: string;
  start(order: { orderNo: string; amount: number; payBefore: Date }): Promise<{ instructions: string }>;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ');

const OFF_MESSAGE = '本站暂未开通在线支付，也未配置转账收款账户，暂时无法购买会员';

/** What /myOrder shows about paying by transfer. */
export function manualPaymentInfo(config: Pick<Config, 'manualPayment' | 'manualWindowHours'>) {
  const m = config.manualPayment;
  return {
    enabled: !!m,
    payee: m?.payee ?? null,
    bank: m?.bank ?? null,
    account: m?.account ?? null,
    windowHours: config.manualWindowHours,
    message: m ? `请向 ${m.payee}（${m.bank}，账号 ${m.account}）转账，附言填写订单号；到账后编辑确认，会员随即生效` : OFF_MESSAGE,
  };
}

export function manualProvider(config: Pick<Config, 'manualPayment'>): PaymentProvider {
  return {
    name: 'manual',
    async start(order) {
      const m = config.manualPayment;
      if (!m) throw new AppError('C0001', OFF_MESSAGE);
      return {
        instructions: `请向 ${m.payee}（${m.bank}，账号 ${m.account}）转账 ¥${yuan(order.amount)}，并在附言中填写订单号 ${order.orderNo}。请在 ${beijing(order.payBefore)}（北京时间）前完成转账；到账后编辑会在 1 个工作日内确认，会员随即生效。`,
      };
    },
  };
}
