import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminNote, NoteRevision } from '@shiju/contract';
import { NOTE_KIND_NAMES, NOTE_MAX_CHARS } from '@shiju/contract/notes';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { noteReviewQueries, useReviewNote } from '../../../notes/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FormModal } from '../../../../components/FormModal.js';
import { formatDateTime } from '../../../../lib/format.js';
import { plainText, usePagedQuery, useReasonDialog } from './shared.js';

type Status = 'pending' | 'approved' | 'rejected';

const STATUS_TABS: { key: Status; label: string }[] = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'rejected', label: '已驳回' },
];

const REJECT_REASONS = ['释义有误', '与已有注释重复', '内容与所选文字无关', '抄袭他处，未注明出处'] as const;

const ACTION_NAMES: Record<NoteRevision['action'], string> = {
  propose: '提交',
  approve: '通过',
  edit: '修改',
  reject: '驳回',
  delete: '删除',
  reanchor: '随正文重新定位',
};

/** What changed between two versions: the common start and end kept, the middle struck through and inserted. */
function Diff({ before, after }: { before: string | null; after: string | null }) {
  const a = Array.from(plainText(before ?? ''));
  const b = Array.from(plainText(after ?? ''));
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return (
    <span className="note-diff">
      {a.slice(0, head).join('')}
      {head < a.length - tail ? <del>{a.slice(head, a.length - tail).join('')}</del> : null}
      {head < b.length - tail ? <ins>{b.slice(head, b.length - tail).join('')}</ins> : null}
      {b.slice(b.length - tail).join('')}
    </span>
  );
}

function History({ id, onClose }: { id: number; onClose: () => void }) {
  const history = useQuery(noteReviewQueries.history(id));
  return (
    <Modal open title="修改记录" footer={null} onCancel={onClose} width={640}>
      <Table<NoteRevision>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.list}
        pagination={false}
        columns={[
          { title: '时间', key: 'at', width: 140, render: (_, r) => <span className="admin-muted">{formatDateTime(r.createdAt)}</span> },
          { title: '操作', key: 'action', width: 110, render: (_, r) => ACTION_NAMES[r.action] },
          {
            title: '编辑者',
            key: 'editor',
            width: 110,
            render: (_, r) => r.editor?.nickname ?? (r.action === 'reanchor' ? '系统' : '已注销用户'),
          },
          {
            title: '内容',
            key: 'diff',
            render: (_, r) =>
              r.action === 'reanchor' ? `${r.before ?? ''} → ${r.after ?? '已失去定位'}` : <Diff before={r.before} after={r.after} />,
          },
        ]}
      />
    </Modal>
  );
}

function EditDialog({ note, approve, onClose }: { note: AdminNote; approve: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ content: string }>();
  const review = useReviewNote({ onSuccess: () => toastSuccess(approve ? '已修改并通过' : '已保存修改') });
  return (
    <FormModal<{ content: string }>
      form={form}
      title={`${approve ? '修改后通过' : '修改'}：${NOTE_KIND_NAMES[note.kind]}${note.quote ? `「${note.quote}」` : ''}`}
      okText={approve ? '修改并通过' : '保存'}
      initialValues={{ content: note.content }}
      onSubmit={(v) =>
        succeeded(review.mutateAsync({ params: { id: note.id }, body: { action: approve ? 'approve' : 'edit', content: v.content } }))
      }
      onClose={onClose}
    >
      <Form.Item
        name="content"
        label="内容（可用 <em> 与 <ruby>…<rt>…</rt></ruby>）"
        rules={[{ required: true, whitespace: true, message: '请填写内容' }]}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} maxLength={NOTE_MAX_CHARS[note.kind] * 2} />
      </Form.Item>
    </FormModal>
  );
}

/** 注释: readers' proposed notes, oldest first, to approve (as they are or edited), reject with a reason, or look back on. */
export default function Notes() {
  const { query, setFilter, tableProps } = usePagedQuery<{ status: Status; pageNum?: number; pageSize?: number }>({ status: 'pending' });
  const list = useQuery(noteReviewQueries.queue(query));
  const review = useReviewNote({
    onSuccess: (_r, { body }) =>
      toastSuccess(body.action === 'approve' ? '已通过，注释已公开' : body.action === 'reject' ? '已驳回，已告知提交者' : '已删除'),
  });
  const reason = useReasonDialog();
  const [editing, setEditing] = useState<{ note: AdminNote; approve: boolean } | null>(null);
  const [history, setHistory] = useState<number | null>(null);

  const reject = (n: AdminNote) =>
    reason.ask({
      title: '驳回这条注释',
      description: '提交者会收到一条写明原因的系统通知。',
      label: '驳回原因',
      required: true,
      presets: REJECT_REASONS,
      okText: '驳回',
      danger: true,
      onSubmit: ({ reason: r }) => succeeded(review.mutateAsync({ params: { id: n.id }, body: { action: 'reject', reason: r } })),
    });

  return (
    <>
      <Tabs activeKey={query.status} onChange={(k) => setFilter({ status: k as Status })} items={STATUS_TABS} />
      <Table<AdminNote>
        {...tableProps(list)}
        locale={{ emptyText: <EmptyState compact description={query.status === 'pending' ? '没有待审核的注释' : '暂无'} /> }}
        scroll={{ x: 1000 }}
        columns={[
          {
            title: '作品',
            key: 'essay',
            width: 150,
            render: (_, n) => <Link to={`/bellesDetails?id=${n.essayId}`}>{n.essayTitle ?? `作品 ${n.essayId}`}</Link>,
          },
          {
            title: '类型',
            key: 'kind',
            width: 90,
            render: (_, n) => (
              <Space size={4} wrap>
                <Tag>{NOTE_KIND_NAMES[n.kind]}</Tag>
                {n.anchorLost ? <Tag color="orange">失去定位</Tag> : null}
              </Space>
            ),
          },
          { title: '原文', key: 'quote', width: 140, render: (_, n) => n.quote ?? (n.commentator ? `${n.commentator}曰` : '全文') },
          { title: '内容', key: 'content', render: (_, n) => <span dangerouslySetInnerHTML={{ __html: n.content }} /> },
          {
            title: '提交者',
            key: 'writer',
            width: 110,
            render: (_, n) =>
              n.writer ? n.writer.nickname : n.origin === 'reader' ? '已注销用户' : n.origin === 'corpus' ? '原书注' : '拾句编辑',
          },
          {
            title: query.status === 'rejected' ? '驳回原因' : '时间',
            key: 'when',
            width: 150,
            render: (_, n) => (
              <span className="admin-muted">{query.status === 'rejected' ? n.rejectReason : formatDateTime(n.createdAt)}</span>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 220,
            render: (_, n) => (
              <Space wrap>
                {n.status === 'pending' ? (
                  <>
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => review.mutate({ params: { id: n.id }, body: { action: 'approve' } })}
                    >
                      通过
                    </Button>
                    <Button size="small" onClick={() => setEditing({ note: n, approve: true })}>
                      修改后通过
                    </Button>
                    <Button danger size="small" onClick={() => reject(n)}>
                      驳回
                    </Button>
                  </>
                ) : n.status === 'approved' ? (
                  <>
                    <Button size="small" onClick={() => setEditing({ note: n, approve: false })}>
                      修改
                    </Button>
                    <Button danger size="small" onClick={() => review.mutate({ params: { id: n.id }, body: { action: 'delete' } })}>
                      删除
                    </Button>
                  </>
                ) : null}
                <Button type="link" size="small" onClick={() => setHistory(n.id)}>
                  记录
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {reason.element}
      {editing ? <EditDialog note={editing.note} approve={editing.approve} onClose={() => setEditing(null)} /> : null}
      {history !== null ? <History id={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}
