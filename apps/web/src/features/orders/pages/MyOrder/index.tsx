import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { RequireSignIn } from '../../../../components/RequireSignIn.js';
import { Section } from '../../../../components/Section.js';
import { Membership } from './Membership.js';
import { OrderList } from './OrderList.js';
import { formatYuan, methodsSentence, type Order, type Product } from '../../orders.js';
import { PayDialog } from './PayDialog.js';
import { Plans } from './Plans.js';
import './MyOrder.css';
import { orderQueries, useCancelOrder, useCreateOrder, useOrderRefresh } from '../../api/orders.js';

function Orders() {
  const refresh = useOrderRefresh();
  const [paying, setPaying] = useState<Order | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  /** Each opening of the pay dialog is a fresh one. */
  const [payKey, setPayKey] = useState(0);
  const methodsQuery = useQuery(orderQueries.paymentMethods());
  const methods = methodsQuery.data?.available ?? [];
  /** No way to pay is configured: nothing tells the reader to press 立即开通. */
  const closed = methodsQuery.data !== undefined && methods.length === 0;

  const showPayment = (o: Order) => {
    setPaying(o);
    setPayKey((k) => k + 1);
    setPayOpen(true);
  };

  const createOrder = useCreateOrder({ onSuccess: showPayment });
  const cancelOrder = useCancelOrder({ onSuccess: () => toastSuccess('订单已取消') });
  const buy = (product: Product) => createOrder.mutate({ productId: product.id });

  const pay = (order: Order) => showPayment(order);

  /** Paid while the dialog was open: close it, and show the new status and membership. */
  const paid = (o: Order) => {
    setPayOpen(false);
    toastSuccess(`支付成功，${o.product.name}已生效`);
    refresh.paid();
  };

  const cancel = async (order: Order) => {
    const answer = await confirmDialog({
      title: '取消这笔订单？',
      content: `订单 ${order.orderNo}（${order.product.name}，${formatYuan(order.amount)}）取消后不能恢复；需要时可以重新下单。`,
      okText: '取消订单',
      cancelText: '再想想',
      danger: true,
    });
    if (answer === 'confirm') cancelOrder.mutate({ id: order.id });
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
        <Plans busyId={createOrder.isPending ? createOrder.variables.productId : null} onBuy={buy} />
      </Section>
      <Section title="订单记录">
        <OrderList
          busyId={cancelOrder.isPending ? cancelOrder.variables.id : null}
          onPay={pay}
          onCancel={(o) => void cancel(o)}
          onExpire={refresh.orders}
          canBuy={!closed}
        />
      </Section>
      <PayDialog
        key={payKey}
        open={payOpen}
        order={paying}
        methods={methods}
        onClose={() => {
          setPayOpen(false);
          refresh.orders();
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
