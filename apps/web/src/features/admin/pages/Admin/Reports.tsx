import { REPORT_TARGET_NAMES } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminReportsQuery, useAdminResolveReport, type AdminRow } from '../../api/admin.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref, userHref } from '../../../../lib/links.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { FilterSelect, TARGET_STATUS, usePagedQuery, useReasonDialog, type ReasonOptions } from './shared.js';

type ReportGroup = AdminRow<'adminReportsPage'>;
type TargetType = ReportGroup['targetType'];
type Resolution = 'dismiss' | 'hide' | 'delete' | 'ban';

const TARGET: Record<TargetType, string> = REPORT_TARGET_NAMES;
const TARGET_OPTIONS = (Object.keys(TARGET) as TargetType[]).map((value) => ({ value, label: TARGET[value] }));
const STATUS = {
  open: { label: '待处理', color: 'gold' },
  resolved: { label: '已处理', color: 'green' },
  dismissed: { label: '已驳回', color: 'default' },
} as const;
const STATUS_OPTIONS = (Object.keys(STATUS) as Array<keyof typeof STATUS>).map((value) => ({ value, label: STATUS[value].label }));

/** What the editor may do to each kind of target, in the order the buttons appear. */
const ACTIONS: Record<TargetType, readonly Resolution[]> = {
  essay: ['dismiss', 'hide', 'ban'],
  comment: ['dismiss', 'delete', 'ban'],
  user: ['dismiss', 'ban'],
  note: ['dismiss', 'delete', 'ban'],
  collection: ['dismiss', 'hide', 'ban'],
  thought: ['dismiss', 'hide', 'ban'],
  evidence: ['dismiss', 'hide', 'ban'],
};

/** Labels, and what each resolution does, said in the dialog before the editor commits. */
function resolutionText(action: Resolution, g: ReportGroup): { label: string; title: string; description: string } {
  const owner = g.target.owner?.nickname ?? '该用户';
  switch (action) {
    case 'dismiss':
      return {
        label: '驳回举报',
        title: '驳回这些举报',
        description: `${TARGET[g.targetType]}保持原样，这个对象的 ${g.count} 条待处理举报一并关闭。`,
      };
    case 'hide':
      if (g.targetType === 'thought')
        return {
          label: '隐藏想法',
          title: '隐藏被举报的想法',
          description: '想法不再对他人显示（写下它的读者仍能看到）。',
        };
      if (g.targetType === 'evidence')
        return {
          label: '隐藏证据',
          title: '隐藏被举报的出处证据',
          description: '证据不再对他人显示（提交它的读者仍能看到）。',
        };
      if (g.targetType === 'collection')
        return {
          label: '隐藏收藏夹',
          title: '隐藏被举报的收藏夹',
          description: '收藏夹不再对他人显示（主人仍能看到并整理其中的作品）。',
        };
      return {
        label: '隐藏作品',
        title: '隐藏被举报的作品',
        description: '作品从站内消失，作者看到“已被隐藏”和备注中的原因；之后可在“内容”里恢复。',
      };
    case 'delete':
      return g.targetType === 'note'
        ? { label: '删除注释', title: '删除被举报的注释', description: '注释从正文旁撤下，修改记录中留有这次删除。' }
        : { label: '删除评论', title: '删除被举报的评论', description: '评论及其下的回复将被删除，无法恢复。' };
    case 'ban':
      return {
        label: '封禁用户',
        title: `封禁 ${owner}`,
        description: `${owner} 的所有登录立即失效，作品和评论在封禁期间对他人隐藏；备注作为封禁原因告诉 TA。`,
      };
  }
}

function TargetCell({ g }: { g: ReportGroup }) {
  const href =
    g.targetType === 'essay'
      ? essayHref(g.targetId)
      : (g.targetType === 'comment' || g.targetType === 'note' || g.targetType === 'thought' || g.targetType === 'evidence') &&
          g.target.essayId
        ? essayHref(g.target.essayId)
        : g.targetType === 'user'
          ? userHref(g.targetId)
          : g.targetType === 'collection'
            ? `/collection?id=${g.targetId}`
            : null;
  return (
    <div>
      <Space size={6} wrap>
        <Tag>{TARGET[g.targetType]}</Tag>
        {href ? (
          <Link to={href} target="_blank">
            {g.target.title || `#${g.targetId}`}
          </Link>
        ) : (
          <span>{g.target.title || `#${g.targetId}`}</span>
        )}
        {g.target.status === 'missing' ? (
          <Tag color="default">已不存在</Tag>
        ) : (
          <span className="admin-muted">{TARGET_STATUS[g.target.status] ?? g.target.status}</span>
        )}
      </Space>
      {g.target.excerpt && g.target.excerpt !== g.target.title ? <div className="admin-excerpt">{g.target.excerpt}</div> : null}
      {g.target.owner ? (
        <div style={{ marginTop: 4 }}>
          <PersonCell user={g.target.owner} />
        </div>
      ) : null}
    </div>
  );
}

function ReportList({ g }: { g: ReportGroup }) {
  return (
    <List
      size="small"
      dataSource={g.reports}
      renderItem={(r) => (
        <List.Item>
          <Space wrap>
            <Tag color="orange">{r.reason}</Tag>
            <span>{r.detail || <span className="admin-muted">（无补充说明）</span>}</span>
            <span className="admin-muted">
              {r.reporter ? r.reporter.nickname : '已注销用户'} · {formatDateTime(r.createdAt)}
            </span>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** 举报: open reports first, one row per reported thing with how many people reported it and why. */
export default function Reports() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminReportsQuery>[0]>({ status: 'open' });
  const list = useQuery(adminReportsQuery(query));
  const resolveReport = useAdminResolveReport();
  const reason = useReasonDialog();

  const resolve = (g: ReportGroup, action: Resolution) => {
    const text = resolutionText(action, g);
    const options: ReasonOptions = {
      title: text.title,
      description: text.description,
      label: action === 'ban' ? '封禁原因' : '处理备注（选填）',
      required: action === 'ban',
      withUntil: action === 'ban',
      okText: text.label,
      danger: action !== 'dismiss',
      onSubmit: ({ reason: note, until }) =>
        succeeded(
          resolveReport.mutateAsync(
            { params: { id: g.id }, body: { action, note: note || undefined, until: action === 'ban' ? until : undefined } },
            { onSuccess: () => toastSuccess(`已${text.label}`) },
          ),
        ),
    };
    reason.ask(options);
  };

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
        <FilterSelect
          value={query.targetType}
          onChange={(targetType) => setFilter({ targetType })}
          options={TARGET_OPTIONS}
          placeholder="对象"
        />
      </div>
      <Table<ReportGroup>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState compact description="没有待处理的举报" /> }}
        expandable={{ expandedRowRender: (g) => <ReportList g={g} /> }}
        columns={[
          { title: '被举报对象', key: 'target', render: (_, g) => <TargetCell g={g} /> },
          {
            title: '举报',
            key: 'count',
            width: 200,
            render: (_, g) => (
              <>
                <strong>{g.count} 次</strong>
                <div>
                  {g.reasons.map((r) => (
                    <Tag key={r.reason} color="orange">
                      {r.reason} ×{r.count}
                    </Tag>
                  ))}
                </div>
                <div className="admin-muted">最近 {formatDateTime(g.lastAt)}</div>
              </>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 150,
            render: (_, g) => (
              <>
                <Tag color={STATUS[g.status].color}>{STATUS[g.status].label}</Tag>
                {g.resolution ? <div className="admin-muted">{g.resolution}</div> : null}
                {g.resolvedBy ? <div className="admin-muted">{g.resolvedBy.nickname}</div> : null}
              </>
            ),
          },
          {
            title: '处理',
            key: 'actions',
            width: 220,
            render: (_, g) =>
              g.status === 'open' ? (
                <Space wrap>
                  {ACTIONS[g.targetType].map((a) => (
                    <Button key={a} size="small" danger={a !== 'dismiss'} onClick={() => resolve(g, a)}>
                      {resolutionText(a, g).label}
                    </Button>
                  ))}
                </Space>
              ) : null,
          },
        ]}
      />
      {reason.element}
    </>
  );
}
