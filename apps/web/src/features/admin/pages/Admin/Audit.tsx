import { useQuery } from '@tanstack/react-query';
import { DatePicker, Table, Tag, Typography } from 'antd';
import { type AdminRow, adminAuditQuery } from '../../api/admin.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { FilterSelect, SearchFilter, usePagedQuery } from './shared.js';

type AuditEntry = AdminRow<'adminAuditPage'>;
type TargetType = NonNullable<Parameters<typeof adminAuditQuery>[0]['targetType']>;

const TARGETS: Record<TargetType, string> = {
  essay: '作品',
  comment: '评论',
  user: '用户',
  report: '举报',
  classification: '分类',
  tag: '标签',
  announcement: '公告',
  ad: '广告',
  theme: '主题',
  bestWeek: '每周精选',
  order: '订单',
};
const TARGET_OPTIONS = (Object.keys(TARGETS) as TargetType[]).map((value) => ({ value, label: TARGETS[value] }));

function targetLabel(t: string | null): string {
  return t && t in TARGETS ? TARGETS[t as TargetType] : (t ?? '—');
}

/** 操作日志: every console write, newest first: who, what, on what, the change, from where. */
export default function Audit() {
  const { query, setFilter, tableProps, sortable } = usePagedQuery<Parameters<typeof adminAuditQuery>[0]>({});
  const list = useQuery(adminAuditQuery(query));

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect
          value={query.targetType}
          onChange={(targetType) => setFilter({ targetType })}
          options={TARGET_OPTIONS}
          placeholder="对象类型"
        />
        <SearchFilter placeholder="操作（如 essay.hide）" width={200} onSearch={(action) => setFilter({ action })} />
        <SearchFilter placeholder="对象 ID" width={130} onSearch={(targetId) => setFilter({ targetId })} />
        <DatePicker.RangePicker
          aria-label="日期范围"
          onChange={(range) =>
            setFilter({ from: range?.[0]?.format('YYYY-MM-DD') ?? undefined, to: range?.[1]?.format('YYYY-MM-DD') ?? undefined })
          }
        />
      </div>
      <Table<AuditEntry>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        columns={[
          { title: '时间', ...sortable('createdAt'), width: 150, render: (_, a) => formatDateTime(a.createdAt) },
          { title: '管理员', key: 'admin', width: 170, render: (_, a) => (a.admin ? <PersonCell user={a.admin} /> : '—') },
          { title: '操作', key: 'action', width: 170, render: (_, a) => <Tag color="blue">{a.action}</Tag> },
          {
            title: '对象',
            key: 'target',
            width: 120,
            render: (_, a) => (
              <span>
                {targetLabel(a.targetType)} {a.targetId ? `#${a.targetId}` : ''}
              </span>
            ),
          },
          {
            title: '内容',
            key: 'summary',
            render: (_, a) =>
              a.summary ? (
                <Typography.Text code className="audit-summary">
                  {JSON.stringify(a.summary)}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { title: 'IP', key: 'ip', width: 120, render: (_, a) => <span className="admin-muted">{a.ip ?? '—'}</span> },
        ]}
      />
    </>
  );
}
