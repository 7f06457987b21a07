import { Button, Tag } from 'antd';
import { EmptyState } from '../../../../components/EmptyState.js';
import { Countdown } from './Countdown.js';
import { formatDateTime } from '../../../../lib/format.js';
import { formatYuan, PROVIDERS, STATUS, type Order } from '../../orders.js';
import { orderQueries } from '../../api/orders.js';
import { usePagedList } from '../../../../api/define.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';

export interface OrderActions {
  /** The order an action is running on (its buttons spin / wait). */
  busyId: number | null;
  onPay: (order: Order) => void;
  onCancel: (order: Order) => void;
  onExpire: () => void;
  /** A way to pay is configured (otherwise no 去支付, and nothing points to 立即开通). */
  canBuy: boolean;
}

const PAGE_SIZE = 10;

function OrderRow({ order, busyId, onPay, onCancel, onExpire, canBuy }: OrderActions & { order: Order }) {
  const status = STATUS[order.status];
  const pending = order.status === 'pending';
  const busy = busyId === order.id;
  return (
    <article className="order-row panel" data-status={order.status} aria-label={`订单 ${order.orderNo}`}>
      <div className="order-row__product">
        <strong>{order.product.name}</strong>
        <span className="order-row__no">订单号 {order.orderNo}</span>
      </div>
      <div className="order-row__time">
        <span className="order-row__label">下单时间</span>
        {formatDateTime(order.createdAt)}
      </div>
      <div className="order-row__amount">
        <span className="order-row__label">金额</span>
        {formatYuan(order.amount)}
      </div>
      <div className="order-row__status">
        <Tag color={status.color} className="order-row__tag">
          {status.label}
        </Tag>
        {pending ? <Countdown order={order} onExpire={onExpire} /> : null}
        {order.status === 'paid' && order.paidAt ? (
          <span className="order-row__note">
            {formatDateTime(order.paidAt)} 支付{order.provider && order.provider !== 'manual' ? `（${PROVIDERS[order.provider]}）` : ''}
          </span>
        ) : null}
        {order.status === 'exception' && order.issue ? (
          <span className="order-row__note is-issue">{order.issue}，编辑会尽快处理</span>
        ) : null}
        {order.status === 'refunded' && order.refundedAt ? (
          <span className="order-row__note">{formatDateTime(order.refundedAt)} 退款</span>
        ) : null}
      </div>
      <div className="order-row__actions">
        {pending ? (
          <>
            {canBuy ? (
              <Button type="primary" size="small" loading={busy} disabled={busyId !== null && !busy} onClick={() => onPay(order)}>
                去支付
              </Button>
            ) : null}
            <Button size="small" disabled={busyId !== null} onClick={() => onCancel(order)}>
              取消
            </Button>
          </>
        ) : (
          <span className="order-row__none">—</span>
        )}
      </div>
    </article>
  );
}

/** The user's own orders, newest first, with 去支付 / 取消 on pending ones. */
export function OrderList(actions: OrderActions) {
  const list = usePagedList(orderQueries.mine(PAGE_SIZE));
  return (
    <div className="order-list">
      {list.items.length > 0 ? (
        <div className="order-list__head" aria-hidden="true">
          <span>套餐</span>
          <span>下单时间</span>
          <span>金额</span>
          <span>状态</span>
          <span>操作</span>
        </div>
      ) : null}
      <InfiniteList
        more="button"
        query={list}
        itemKey={(o) => o.id}
        renderItem={(o) => <OrderRow order={o} {...actions} />}
        skeletonCount={2}
        empty={<EmptyState description={actions.canBuy ? '还没有订单。选一个上面的会员套餐，点“立即开通”就能下单。' : '还没有订单。'} />}
      />
    </div>
  );
}
