import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, toastSuccess } from '../../api/index.js';
import { confirmDialog } from '../../components/ConfirmDialog/index.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';
import { Section } from '../../components/Section.js';
import { Membership } from './Membership.js';
import { OrderList } from './OrderList.js';
import { formatYuan, methodsSentence, type Order, type Product } from './orders.js';
import { PayDialog } from './PayDialog.js';
import { Plans } from './Plans.js';
import './MyOrder.css';
import { adKeys, orderKeys, orderQueries, userKeys } from '../../api/queries/index.js';

/** What is running: placing an order for a product, or paying / cancelling an order. */
type Busy = { product: number } | { order: number } | null;

function Orders() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  /** Each opening of the pay dialog is a fresh one. */
  const [payKey, setPayKey] = useState(0);
  const methods = useQuery(orderQueries.paymentMethods()).data?.available ?? [];

  const refreshOrders = () => queryClient.invalidateQueries({ queryKey: orderKeys.list });

  /** Runs one action at a time; failures have already been shown by the request layer. */
  const run = async (b: NonNullable<Busy>, action: () => Promise<void>) => {
    setBusy(b);
    try {
      await action();
    } catch {
      /* toast shown by the request layer */
    } finally {
      setBusy(null);
      void refreshOrders();
    }
  };

  const showPayment = (o: Order) => {
    setPaying(o);
    setPayKey((k) => k + 1);
    setPayOpen(true);
  };

  const buy = (product: Product) =>
    run({ product: product.id }, async () => {
      showPayment(await api('createOrder', { body: { productId: product.id } }));
    });

  const pay = (order: Order) => showPayment(order);

  /** Paid while the dialog was open: close it, and show the new status and membership. */
  const paid = (o: Order) => {
    setPayOpen(false);
    toastSuccess(`支付成功，${o.product.name}已生效`);
    void refreshOrders();
    void queryClient.invalidateQueries({ queryKey: userKeys.me });
    // Ads are per viewer: a member sees none from now on.
    void queryClient.invalidateQueries({ queryKey: adKeys.all });
  };

  const cancel = async (order: Order) => {
    const answer = await confirmDialog({
      title: '取消这笔订单？',
      content: `订单 ${order.orderNo}（${order.product.name}，${formatYuan(order.amount)}）取消后不能恢复；需要时可以重新下单。`,
      okText: '取消订单',
      cancelText: '再想想',
      danger: true,
    });
    if (answer !== 'confirm') return;
    await run({ order: order.id }, async () => {
      await api('cancelOrder', { params: { id: order.id } });
      toastSuccess('订单已取消');
    });
  };

  return (
    <div className="page page--wide my-order">
      <header className="discovery-head">
        <h1 className="page__title">我的订单</h1>
      </header>
      <Membership />
      <Section title="开通会员">
        <p className="my-order__lead">
          {methods.length > 0
            ? `会员期间全站免广告。可用${methodsSentence(methods)}付款${methods.includes('manual') ? '；银行转账由编辑确认到账后生效' : ''}，支付成功后会员立即生效。`
            : '会员期间全站免广告。'}
        </p>
        <Plans busyId={busy && 'product' in busy ? busy.product : null} onBuy={(p) => void buy(p)} />
      </Section>
      <Section title="订单记录">
        <OrderList
          busyId={busy && 'order' in busy ? busy.order : null}
          onPay={(o) => void pay(o)}
          onCancel={(o) => void cancel(o)}
          onExpire={() => void refreshOrders()}
        />
      </Section>
      <PayDialog
        key={payKey}
        open={payOpen}
        order={paying}
        methods={methods}
        onClose={() => {
          setPayOpen(false);
          void refreshOrders();
        }}
        onPaid={paid}
      />
    </div>
  );
}

export default function MyOrder() {
  return (
    <RequireSignIn what="我的订单">
      <Orders />
    </RequireSignIn>
  );
}
