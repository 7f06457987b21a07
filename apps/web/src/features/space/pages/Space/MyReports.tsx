import { REPORT_TARGET_NAMES } from '@shiju/contract/core';
import type { CallData } from '@shiju/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { reportQueries } from '../../../reports/index.js';
import { usePagedList } from '../../../../api/define.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref, userHref } from '../../../../lib/links.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { formatDateTime } from '../../../../lib/format.js';

type MyReport = CallData<'myReports'>['list'][number];

const WHAT = REPORT_TARGET_NAMES;
const STATUS = {
  open: { color: 'gold', text: '处理中' },
  resolved: { color: 'green', text: '已处理' },
  dismissed: { color: 'default', text: '未违规' },
} as const;

function hrefOf(r: MyReport): string | null {
  if (r.targetType === 'user') return userHref(r.targetId);
  if (r.targetType === 'collection') return `/collection?id=${r.targetId}`;
  return r.essayId ? essayHref(r.essayId) : null;
}

function ReportItem({ r }: { r: MyReport }) {
  const href = hrefOf(r);
  const title = r.targetTitle ?? '（已不存在）';
  return (
    <div className="my-report">
      <div className="my-report__head">
        <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
        <span className="my-report__what">
          {WHAT[r.targetType]}：{href && r.targetTitle ? <Link to={href}>{title}</Link> : title}
        </span>
      </div>
      <div className="my-report__meta">
        {r.reason}
        {r.detail ? ` · ${r.detail}` : ''} · {formatDateTime(r.createdAt)}
      </div>
      <p className="my-report__outcome">{r.outcome}</p>
    </div>
  );
}

/** 我的举报: what I reported, newest first, and how each report ended. */
export function MyReports() {
  const query = usePagedList(reportQueries.mine(10));
  return (
    <InfiniteList
      query={query}
      itemKey={(r) => r.id}
      renderItem={(r) => <ReportItem r={r} />}
      empty={<EmptyState description="你还没有举报过内容。看到违规内容时，可以点“举报”告诉编辑" />}
    />
  );
}
