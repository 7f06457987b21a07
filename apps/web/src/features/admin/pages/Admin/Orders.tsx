import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminOrdersQuery, useAdminConfirmOrder, useAdminRefreshOrder, useAdminRefundOrder, type AdminRow } from '../../api/admin.js';
import { formatDateTime } from '../../../../lib/format.js';
import { formatYuan, PROVIDERS, STATUS, type PaymentProviderId } from '../../../orders/index.js';
import { PaymentNotifications } from './PaymentNotifications.js';
import { PersonCell } from './people.js';
import { confirmThen, FilterSelect, SearchFilter, usePagedQuery, useReasonDialog } from './shared.js';

type AdminOrder = AdminRow<'adminOrdersPage'>;

const STATUS_OPTIONS = (Object.keys(STATUS) as Array<keyof typeof STATUS>).map((value) => ({ value, label: STATUS[value].label }));

const providerLabel = (p: string) => PROVIDERS[p as PaymentProviderId] ?? p;
const online = (o: AdminOrder) => o.provider === 'wechat' || o.provider === 'alipay';

/** 订单 and 支付回调: the orders with their actions, and the providers' notifications that need an editor. */
export default function Orders() {
  return (
    <Tabs
      items={[
        { key: 'orders', label: '订单', children: <OrderTable /> },
        { key: 'notifications', label: '支付回调', children: <PaymentNotifications /> },
      ]}
    />
  );
}

/**
 * Confirm a bank transfer that arrived (even after the order closed) or settle an exception; refund a paid
 * order or an exception (through WeChat Pay / Alipay when paid there); ask the provider about an order now.
 */
function OrderTable() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminOrdersQuery>[0]>({});
  const list = useQuery(adminOrdersQuery(query));
  const confirmOrder = useAdminConfirmOrder({ onSuccess: () => toastSuccess('已确认到账，会员已延长') });
  const refundOrder = useAdminRefundOrder({ onSuccess: () => toastSuccess('退款已提交') });
  const refreshOrder = useAdminRefreshOrder({ onSuccess: () => toastSuccess('已向支付渠道查询') });
  const reason = useReasonDialog();
  const [notesOf, setNotesOf] = useState<AdminOrder | null>(null);

  const confirm = (o: AdminOrder) =>
    void confirmThen(
      {
        title: o.status === 'exception' ? '按已支付处理这笔异常订单？' : `确认已收到 ${formatYuan(o.product.priceFen)}？`,
        content: (
          <>
            订单 {o.orderNo}（{o.user.nickname}，{o.product.name}）将标记为已支付，会员延长 {o.product.days} 天，并通知用户。
            {o.status === 'closed' ? ' 该订单已关闭：只有确实收到转账时才确认。' : ''}
            {o.status === 'exception' ? ` ${o.issue ?? ''}：请先与用户结清差额。` : ''}
          </>
        ),
        okText: '确认到账',
      },
      () => confirmOrder.mutate({ params: { id: o.id } }),
    );
  const refund = (o: AdminOrder) =>
    reason.ask({
      title: `退款 ${formatYuan(o.paidAmount ?? o.amount)}`,
      description: online(o)
        ? `订单 ${o.orderNo} 将通过${providerLabel(o.provider)}原路退回 ${formatYuan(o.paidAmount ?? o.amount)}${o.status === 'exception' ? '' : `，${o.user.nickname} 的会员缩短 ${o.product.days} 天`}，并通知用户。`
        : `订单 ${o.orderNo} 将标记为已退款，${o.user.nickname} 的会员缩短 ${o.product.days} 天，并通知用户。请先在银行完成退款再点确认。`,
      label: '备注（选填）',
      required: false,
      okText: '确认退款',
      danger: true,
      onSubmit: ({ reason: note }) => succeeded(refundOrder.mutateAsync({ params: { id: o.id }, body: { note: note || undefined } })),
    });
  const refresh = (o: AdminOrder) => refreshOrder.mutate({ params: { id: o.id } });

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
        <SearchFilter placeholder="订单号或用户名" onSearch={(keyword) => setFilter({ keyword })} />
      </div>
      <Table<AdminOrder>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        columns={[
          {
            title: '订单',
            key: 'order',
            render: (_, o) => (
              <>
                <div>{o.orderNo}</div>
                <div className="admin-muted">
                  {o.product.name} · {formatYuan(o.amount)} · {providerLabel(o.provider)}
                  {o.tradeNo ? ` · 交易号 ${o.tradeNo}` : ''}
                </div>
                {o.issue ? <div className="admin-issue">{o.issue}</div> : null}
              </>
            ),
          },
          { title: '用户', key: 'user', render: (_, o) => <PersonCell user={o.user} /> },
          {
            title: '状态',
            key: 'status',
            width: 110,
            render: (_, o) => (
              <>
                <Tag color={STATUS[o.status].color}>{STATUS[o.status].label}</Tag>
                {o.notifications > 0 ? (
                  <Button type="link" size="small" onClick={() => setNotesOf(o)}>
                    回调 {o.notifications}
                  </Button>
                ) : null}
              </>
            ),
          },
          {
            title: '时间',
            key: 'time',
            width: 190,
            render: (_, o) => (
              <div className="admin-muted">
                下单 {formatDateTime(o.createdAt)}
                {o.paidAt ? <div>支付 {formatDateTime(o.paidAt)}</div> : null}
                {o.closedAt ? <div>关闭 {formatDateTime(o.closedAt)}</div> : null}
              </div>
            ),
          },
          {
            title: '会员到期',
            key: 'member',
            width: 140,
            render: (_, o) => <span className="admin-muted">{o.user.memberUntil ? formatDateTime(o.user.memberUntil) : '非会员'}</span>,
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_, o) => (
              <Space wrap>
                {['pending', 'closed', 'cancelled', 'exception'].includes(o.status) ? (
                  <Button size="small" type="primary" onClick={() => confirm(o)}>
                    {o.status === 'exception' ? '按已支付处理' : '确认到账'}
                  </Button>
                ) : null}
                {o.status === 'paid' || o.status === 'exception' || o.status === 'refunding' ? (
                  <Button size="small" danger onClick={() => refund(o)}>
                    {o.status === 'refunding' ? '重试退款' : '退款'}
                  </Button>
                ) : null}
                {online(o) && o.status !== 'paid' && o.status !== 'refunded' && o.status !== 'exception' ? (
                  <Button size="small" onClick={() => refresh(o)}>
                    查询渠道
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {reason.element}
      <Modal
        open={notesOf !== null}
        title={`订单 ${notesOf?.orderNo ?? ''} 的支付回调`}
        footer={null}
        width={820}
        onCancel={() => setNotesOf(null)}
      >
        {notesOf ? <PaymentNotifications key={notesOf.id} orderId={notesOf.id} /> : null}
      </Modal>
    </>
  );
}
