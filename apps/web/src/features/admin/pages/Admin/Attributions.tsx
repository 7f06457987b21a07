import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AttributionStatus, Evidence } from '@shiju/contract';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import {
  adminAttributionQuery,
  adminAttributionsQuery,
  adminDisputedQuery,
  useAdminAddDisputedLine,
  useAdminHideEvidence,
  useAdminRemoveDisputedLine,
  useAdminResolveAttribution,
  type AdminRow,
} from '../../api/admin.js';
import { CitationText, CitationFields, citationOf, type CitationValues } from '../../../attributions/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref } from '../../../../lib/links.js';
import { FormModal } from '../../../../components/FormModal.js';
import { formatDateTime } from '../../../../lib/format.js';
import { confirmThen, FilterSelect, usePagedQuery, useReasonDialog } from './shared.js';
import '../../../attributions/components/attributions.css';

type Item = AdminRow<'adminAttributionsPage'>;

const STATUS: Record<AttributionStatus, { label: string; color: string }> = {
  unverified: { label: '未考证', color: 'gold' },
  verified: { label: '出处已考证', color: 'green' },
  disputed: { label: '存疑', color: 'orange' },
};
const STATUS_OPTIONS = (Object.keys(STATUS) as AttributionStatus[]).map((value) => ({ value, label: STATUS[value].label }));

/** A text's evidence, each with its confirmations and a way to hide it. */
function EvidenceRows({ essayId }: { essayId: number }) {
  const info = useQuery(adminAttributionQuery(essayId));
  const hide = useAdminHideEvidence({ onSuccess: () => toastSuccess('证据已隐藏') });
  if (!info.data) return <span className="admin-muted">载入中…</span>;
  const hideOne = (ev: Evidence) =>
    void confirmThen(
      { title: '隐藏这条证据？', content: '证据不再对他人显示（提交者仍能看到），操作记入操作日志。', okText: '隐藏', danger: true },
      () => hide.mutate({ params: { id: ev.id }, body: {} }),
    );
  return (
    <div>
      {info.data.citation ? (
        <p>
          作者填写的出处：
          <CitationText citation={info.data.citation} />
        </p>
      ) : null}
      {info.data.evidence.length === 0 ? <span className="admin-muted">没有可见的证据</span> : null}
      <ul className="evidence-list">
        {info.data.evidence.map((ev) => (
          <li key={ev.id} className="evidence">
            <div className="evidence__head">
              <Tag color={ev.stance === 'for' ? 'green' : 'red'}>{ev.stance === 'for' ? '支持署名' : '质疑署名'}</Tag>
              <CitationText citation={ev.source} />
            </div>
            <p className="evidence__note">{ev.note}</p>
            <div className="evidence__foot">
              <span>{ev.user?.nickname ?? '已注销用户'}</span>
              <span>{ev.confirmations} 人确认（仅供参考）</span>
              <span>{formatDateTime(ev.createdAt)}</span>
              <Button size="small" danger type="link" onClick={() => hideOne(ev)}>
                隐藏
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Queue() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminAttributionsQuery>[0]>({});
  const list = useQuery(adminAttributionsQuery(query));
  const resolve = useAdminResolveAttribution({ onSuccess: (r) => toastSuccess(`已标记为：${STATUS[r.attributionStatus].label}`) });
  const reason = useReasonDialog();
  const decide = (item: Item, status: AttributionStatus) =>
    reason.ask({
      title: `将《${item.title}》标记为「${STATUS[status].label}」`,
      description: '读者会在作品页看到这一结论和你的说明；提交过证据的读者会收到通知。操作记入操作日志。',
      label: '说明（选填）',
      required: false,
      okText: '确定',
      onSubmit: ({ reason: note }) =>
        succeeded(resolve.mutateAsync({ params: { id: item.essayId }, body: { status, ...(note ? { note } : {}) } })),
    });
  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="考证状态" />
        <span className="admin-toolbar__spacer" />
        <span className="admin-muted">有读者证据的作品，未考证的在前；读者的确认只供参考</span>
      </div>
      <Table<Item>
        {...tableProps(list)}
        rowKey="essayId"
        locale={{ emptyText: <EmptyState compact description="还没有读者提交出处证据" /> }}
        expandable={{ expandedRowRender: (item) => <EvidenceRows essayId={item.essayId} /> }}
        columns={[
          {
            title: '作品',
            key: 'essay',
            render: (_, item) => (
              <div>
                <Link to={essayHref(item.essayId)} target="_blank" className="serif">
                  {item.title}
                </Link>
                {item.credit ? <div className="admin-muted">署名：{item.credit}</div> : null}
              </div>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 110,
            render: (_, item) => <Tag color={STATUS[item.attributionStatus].color}>{STATUS[item.attributionStatus].label}</Tag>,
          },
          {
            title: '证据',
            key: 'evidence',
            width: 150,
            render: (_, item) => `支持 ${item.evidenceFor} · 质疑 ${item.evidenceAgainst}`,
          },
          {
            title: '最新',
            key: 'lastAt',
            width: 150,
            render: (_, item) => <span className="admin-muted">{formatDateTime(item.lastAt)}</span>,
          },
          {
            title: '考证',
            key: 'actions',
            width: 230,
            render: (_, item) => (
              <Space wrap>
                <Button size="small" type="primary" onClick={() => decide(item, 'verified')}>
                  已考证
                </Button>
                <Button size="small" danger onClick={() => decide(item, 'disputed')}>
                  存疑
                </Button>
                {item.attributionStatus !== 'unverified' ? (
                  <Button size="small" onClick={() => decide(item, 'unverified')}>
                    撤销
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

interface DisputedValues {
  quote?: string;
  attributedTo?: string;
  note?: string;
  source?: CitationValues;
  essayId?: number;
}

function AddDisputed({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<DisputedValues>();
  const add = useAdminAddDisputedLine({ onSuccess: () => toastSuccess('已加入存疑名句') });
  const submit = (v: DisputedValues) =>
    succeeded(
      add.mutateAsync({
        body: {
          quote: v.quote?.trim() ?? '',
          attributedTo: v.attributedTo?.trim() ?? '',
          note: v.note?.trim() ?? '',
          source: citationOf(v.source ?? {}) ?? {},
          ...(v.essayId ? { essayId: v.essayId } : {}),
        },
      }),
    );
  return (
    <FormModal<DisputedValues>
      form={form}
      title="添加存疑名句"
      okText="添加"
      initialValues={{}}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <Form.Item name="quote" label="句子" rules={[{ required: true, whitespace: true, message: '请填写句子' }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      <Form.Item name="attributedTo" label="常被误署为" rules={[{ required: true, whitespace: true, message: '请填写误署的作者' }]}>
        <Input maxLength={40} placeholder="如：鲁迅" />
      </Form.Item>
      <Form.Item name="note" label="考证说明" rules={[{ required: true, whitespace: true, message: '请写明证据说明' }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
      </Form.Item>
      <CitationFields required prefix={['source']} />
      <Form.Item name="essayId" label="关联作品 ID（选填，关联后该作品标为存疑）">
        <InputNumber min={1} style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}

function Disputed() {
  const [pageNum, setPageNum] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = useQuery(adminDisputedQuery(pageNum, 20));
  const remove = useAdminRemoveDisputedLine({ onSuccess: () => toastSuccess('已删除') });
  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setAdding(true)}>
          添加存疑名句
        </Button>
        <span className="admin-toolbar__spacer" />
        <span className="admin-muted">常被误署名的句子，每条附证据</span>
      </div>
      <Table
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{ current: pageNum, pageSize: 20, total: list.data?.total ?? 0, onChange: setPageNum }}
        locale={{ emptyText: <EmptyState compact description="列表还是空的" /> }}
        columns={[
          { title: '句子', key: 'quote', render: (_, d) => <span className="serif">{d.quote}</span> },
          { title: '误署为', key: 'attributedTo', width: 100, render: (_, d) => d.attributedTo },
          {
            title: '证据',
            key: 'source',
            render: (_, d) => (
              <div>
                <CitationText citation={d.source} />
                <div className="admin-muted">{d.note}</div>
                {d.essayId ? (
                  <Link to={essayHref(d.essayId)} target="_blank">
                    关联作品 #{d.essayId}
                  </Link>
                ) : null}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, d) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  void confirmThen({ title: '删除这条存疑名句？', okText: '删除', danger: true }, () =>
                    remove.mutate({ params: { id: d.id } }),
                  )
                }
              >
                删除
              </Button>
            ),
          },
        ]}
      />
      {adding ? <AddDisputed onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** 考证: texts with readers' evidence to resolve, and the disputed lines editors keep. */
export default function Attributions() {
  return (
    <Tabs
      items={[
        { key: 'queue', label: '待考证', children: <Queue /> },
        { key: 'disputed', label: '存疑名句', children: <Disputed /> },
      ]}
    />
  );
}
