import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { type AdminRow, adminPaymentNotificationsQuery } from '../../api/admin.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PROVIDERS, type PaymentProviderId } from '../../../orders/index.js';
import { usePagedQuery } from './shared.js';

type Notification = AdminRow<'adminPaymentNotifications'>;

/** What was done about a notification, as the editor reads it. */
export const OUTCOMES: Record<string, { label: string; color: string }> = {
  applied: { label: '已入账', color: 'green' },
  late: { label: '关闭后到账', color: 'gold' },
  duplicate: { label: '重复通知', color: 'default' },
  exception: { label: '金额不符', color: 'red' },
  conflict: { label: '重复付款', color: 'red' },
  refused: { label: '已拒绝', color: 'volcano' },
  ignored: { label: '未处理', color: 'default' },
  refunded: { label: '退款成功', color: 'purple' },
  unknown: { label: '订单不存在', color: 'volcano' },
};
const KINDS = { payment: '支付通知', refund: '退款通知', query: '主动查询' } as const;

function Raw({ n }: { n: Notification }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="验签">{n.verified ? '通过' : '未通过'}</Descriptions.Item>
      <Descriptions.Item label="处理">{n.reason ?? OUTCOMES[n.outcome]?.label ?? n.outcome}</Descriptions.Item>
      {n.headers ? (
        <Descriptions.Item label="请求头">
          <pre className="admin-raw">{JSON.stringify(n.headers, null, 2)}</pre>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="原文">
        <pre className="admin-raw">{n.body}</pre>
      </Descriptions.Item>
      {n.content ? (
        <Descriptions.Item label="解密 / 验签后内容">
          <pre className="admin-raw">{JSON.stringify(n.content, null, 2)}</pre>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/**
 * Every provider notification as received (verified or not) and every active query that changed an order,
 * with what was done about it: the editor's view of exceptions (wrong amounts, payments for settled orders,
 * refused callbacks). `orderId` narrows it to one order.
 */
export function PaymentNotifications({ orderId }: { orderId?: number }) {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminPaymentNotificationsQuery>[0]>({
    orderId,
    problems: orderId ? undefined : 'true',
  });
  const list = useQuery(adminPaymentNotificationsQuery(query));
  const [shown, setShown] = useState<Notification | null>(null);
  return (
    <>
      {orderId ? null : (
        <div className="admin-toolbar">
          <Segmented
            value={query.problems === 'true' ? 'problems' : 'all'}
            onChange={(v) => setFilter({ problems: v === 'problems' ? 'true' : undefined })}
            options={[
              { value: 'problems', label: '需要处理' },
              { value: 'all', label: '全部回调' },
            ]}
          />
        </div>
      )}
      <Table<Notification>
        {...tableProps(list)}
        scroll={{ x: 760 }}
        onRow={(n) => ({ onClick: () => setShown(n), style: { cursor: 'pointer' } })}
        columns={[
          { title: '时间', key: 'time', width: 150, render: (_, n) => <span className="admin-muted">{formatDateTime(n.createdAt)}</span> },
          {
            title: '渠道',
            key: 'provider',
            width: 120,
            render: (_, n) => (
              <>
                {PROVIDERS[n.provider as PaymentProviderId] ?? n.provider}
                <div className="admin-muted">{KINDS[n.kind]}</div>
              </>
            ),
          },
          { title: '订单号', key: 'order', render: (_, n) => n.orderNo ?? '—' },
          {
            title: '结果',
            key: 'outcome',
            width: 110,
            render: (_, n) => <Tag color={OUTCOMES[n.outcome]?.color}>{OUTCOMES[n.outcome]?.label ?? n.outcome}</Tag>,
          },
          {
            title: '说明',
            key: 'reason',
            render: (_, n) => <span className="admin-muted">{n.reason ?? (n.verified ? '' : '验签未通过')}</span>,
          },
        ]}
      />
      <Modal open={shown !== null} title="支付回调原文" footer={null} width={720} onCancel={() => setShown(null)}>
        {shown ? <Raw n={shown} /> : null}
      </Modal>
    </>
  );
}
