import { useQuery } from '@tanstack/react-query';
import { Button, List, Tabs, Tag } from 'antd';
import { Link } from 'react-router';
import type { AttributionStatus } from '@shiju/contract';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminConflictsQuery, useAdminResolveConflict, type AdminQuery, type AdminRow } from '../../api/admin.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref } from '../../../../lib/links.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { FilterSelect, TARGET_STATUS, usePagedQuery, useReasonDialog } from './shared.js';

type Conflict = AdminRow<'adminConflictsPage'>;
type Member = Conflict['members'][number];
type Scope = Conflict['scope'];

const STATUS = { open: '待处理', resolved: '已考证', dismissed: '不是同一篇' } as const;
const STATUS_OPTIONS = (Object.keys(STATUS) as Array<keyof typeof STATUS>).map((value) => ({ value, label: STATUS[value] }));
const ATTRIBUTION: Record<AttributionStatus, { label: string; color?: string }> = {
  unverified: { label: '未考证' },
  verified: { label: '出处已考证', color: 'green' },
  disputed: { label: '存疑', color: 'orange' },
};
const named = (m: Member) => (m.title ? `《${m.title}》` : `作品 #${m.essayId}`);

function MemberRow({ m, conflict, onRight }: { m: Member; conflict: Conflict; onRight: (m: Member) => void }) {
  const right = conflict.rightEssayId === m.essayId;
  return (
    <li className="admin-conflict__member">
      <div className="admin-conflict__head">
        <Tag color={m.imported ? 'default' : 'blue'}>{m.imported ? '典籍' : '用户发布'}</Tag>
        <strong className="admin-conflict__author">{m.author}</strong>
        {m.title ? (
          <Link to={essayHref(m.essayId)} target="_blank" className="serif">
            《{m.title}》
          </Link>
        ) : null}
        <Link to={essayHref(m.essayId)} target="_blank" className="admin-muted">
          #{m.essayId}
        </Link>
        {m.status !== 'published' ? <Tag>{TARGET_STATUS[m.status] ?? m.status}</Tag> : null}
        {m.attributionStatus !== 'unverified' ? (
          <Tag color={ATTRIBUTION[m.attributionStatus].color}>{ATTRIBUTION[m.attributionStatus].label}</Tag>
        ) : null}
        {right ? <Tag color="green">编辑认定</Tag> : null}
      </div>
      <div className="admin-excerpt">{m.summary}</div>
      <div className="admin-conflict__foot">
        {m.source || m.provenance ? <span className="admin-muted">{[m.source, m.provenance].filter(Boolean).join(' · ')}</span> : null}
        {m.imported ? null : <PersonCell user={m.poster} />}
        {conflict.status === 'open' ? (
          <Button size="small" onClick={() => onRight(m)}>
            署名正确
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ConflictList({ scope }: { scope: Scope }) {
  const { query, setFilter, tableProps } = usePagedQuery<AdminQuery<'adminConflictsPage'>>({ scope, status: 'open' });
  const list = useQuery(adminConflictsQuery(query));
  const resolve = useAdminResolveConflict();
  const reason = useReasonDialog();
  const { pagination, loading, dataSource } = tableProps(list);

  const dismiss = (c: Conflict) =>
    reason.ask({
      title: '不是同一篇？',
      description: '这组文字从冲突列表中移除，各自的署名不变。操作记入操作日志。',
      label: '说明（选填）',
      required: false,
      okText: '不是同一篇',
      onSubmit: ({ reason: note }) =>
        succeeded(
          resolve.mutateAsync(
            { params: { id: c.id }, body: { action: 'dismiss', ...(note ? { note } : {}) } },
            { onSuccess: () => toastSuccess('已标记为不是同一篇') },
          ),
        ),
    });
  const right = (c: Conflict, m: Member) =>
    reason.ask({
      title: `认定作者是「${m.author}」`,
      description: `${named(m)}及署名${m.author}的各篇标为「出处已考证」，署名其他作者的标为「存疑」，读者在作品页能看到结论和你的说明；提交过证据的读者会收到通知。操作记入操作日志。`,
      label: '考证说明（选填，如出处）',
      required: false,
      okText: '确定',
      onSubmit: ({ reason: note }) =>
        succeeded(
          resolve.mutateAsync(
            { params: { id: c.id }, body: { action: 'resolve', essayId: m.essayId, ...(note ? { note } : {}) } },
            { onSuccess: () => toastSuccess(`已认定作者为${m.author}`) },
          ),
        ),
    });

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
        <span className="admin-toolbar__spacer" />
        <span className="admin-muted">
          {scope === 'user' ? '用户发布的文字与已收录的相同或几乎相同，署名却不同' : '典籍中同一首作品署了不同作者，按组列出'}
        </span>
      </div>
      <List<Conflict>
        className="admin-conflicts"
        loading={loading}
        dataSource={dataSource}
        rowKey="id"
        pagination={
          dataSource?.length || query.pageNum !== 1
            ? {
                current: pagination.current,
                pageSize: pagination.pageSize,
                total: pagination.total,
                showTotal: pagination.showTotal,
                onChange: pagination.onChange,
                align: 'end',
              }
            : false
        }
        locale={{ emptyText: <EmptyState compact description={query.status === 'open' ? '没有待处理的署名冲突' : '没有记录'} /> }}
        renderItem={(c) => (
          <List.Item className="admin-panel admin-conflict">
            <div className="admin-conflict__title">
              <span>
                {c.authors.map((a) => (
                  <Tag key={a} color="gold">
                    {a}
                  </Tag>
                ))}
              </span>
              <span className="admin-muted">
                {c.memberCount} 篇 · {formatDateTime(c.updatedAt)}
              </span>
              {c.status === 'open' ? (
                <Button size="small" className="admin-conflict__dismiss" onClick={() => dismiss(c)} disabled={resolve.isPending}>
                  不是同一篇
                </Button>
              ) : (
                <span className="admin-muted admin-conflict__dismiss">
                  {STATUS[c.status]}
                  {c.rightAuthor ? `：${c.rightAuthor}` : ''}
                  {c.note ? `（${c.note}）` : ''}
                </span>
              )}
            </div>
            {c.status === 'open' && c.decidedAt ? (
              <div className="admin-muted">有新的文字加入，曾于 {formatDateTime(c.decidedAt)} 处理过</div>
            ) : null}
            <ul className="admin-conflict__members">
              {c.members.map((m) => (
                <MemberRow key={m.essayId} m={m} conflict={c} onRight={(x) => right(c, x)} />
              ))}
            </ul>
            {c.memberCount > c.members.length ? <div className="admin-muted">另有 {c.memberCount - c.members.length} 篇未列出</div> : null}
          </List.Item>
        )}
      />
      {reason.element}
    </>
  );
}

/** 署名冲突: the same or nearly the same words naming different authors; users' posts first, the corpus's own apart. */
export default function Conflicts() {
  return (
    <Tabs
      items={[
        { key: 'user', label: '用户发布', children: <ConflictList scope="user" /> },
        { key: 'corpus', label: '典籍内部', children: <ConflictList scope="corpus" /> },
      ]}
    />
  );
}
