import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import type { AdminRow } from '../../api/queries/admin.js';
import { adminOrdersQuery } from '../../api/queries/admin.js';
import { formatDateTime, formatYuan, STATUS } from '../MyOrder/orders.js';
import { PersonCell } from './people.js';
import { FilterSelect, SearchFilter, useAdminWrite, useConfirmedWrite, usePagedQuery, useReasonDialog } from './shared.js';

type AdminOrder = AdminRow<'adminOrdersPage'>;

const STATUS_OPTIONS = (Object.keys(STATUS) as Array<keyof typeof STATUS>).map((value) => ({ value, label: STATUS[value].label }));

/** 订单: confirm a bank transfer that arrived (even after the order closed), refund a paid order. */
export default function Orders() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminOrdersQuery>[0]>({});
  const list = useQuery(adminOrdersQuery(query));
  const write = useAdminWrite();
  const confirmed = useConfirmedWrite();
  const reason = useReasonDialog();

  const confirm = (o: AdminOrder) =>
    void confirmed(
      {
        title: `确认已收到 ${formatYuan(o.product.priceFen)}？`,
        content: (
          <>
            订单 {o.orderNo}（{o.user.nickname}，{o.product.name}）将标记为已支付，会员延长 {o.product.days} 天，并通知用户。
            {o.status === 'closed' ? ' 该订单已关闭：只有确实收到转账时才确认。' : ''}
          </>
        ),
        okText: '确认到账',
      },
      'adminConfirmOrder',
      { params: { id: o.id } },
      '已确认到账，会员已延长',
    );
  const refund = (o: AdminOrder) =>
    reason.ask({
      title: `退款 ${formatYuan(o.product.priceFen)}`,
      description: `订单 ${o.orderNo} 将标记为已退款，${o.user.nickname} 的会员缩短 ${o.product.days} 天，并通知用户。请先在银行完成退款再点确认。`,
      label: '备注（选填）',
      required: false,
      okText: '确认退款',
      danger: true,
      onSubmit: async ({ reason: note }) =>
        (await write('adminRefundOrder', { params: { id: o.id }, body: { note: note || undefined } }, '已退款，会员已缩短')) !== undefined,
    });

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
                  {o.product.name} · {formatYuan(o.product.priceFen)} · {o.provider === 'manual' ? '银行转账' : o.provider}
                </div>
              </>
            ),
          },
          { title: '用户', key: 'user', render: (_, o) => <PersonCell user={o.user} /> },
          {
            title: '状态',
            key: 'status',
            width: 100,
            render: (_, o) => <Tag color={STATUS[o.status].color}>{STATUS[o.status].label}</Tag>,
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
            width: 110,
            render: (_, o) => (
              <Space>
                {o.status === 'pending' || o.status === 'closed' ? (
                  <Button size="small" type="primary" onClick={() => confirm(o)}>
                    确认到账
                  </Button>
                ) : null}
                {o.status === 'paid' ? (
                  <Button size="small" danger onClick={() => refund(o)}>
                    退款
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {reason.element}
    </>
  );
}
