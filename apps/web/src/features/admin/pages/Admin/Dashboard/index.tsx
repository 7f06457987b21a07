import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Skeleton, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CallData } from '@shiju/contract';
import { adminDashboardQuery } from '../../../api/admin.js';
import { EmptyState } from '../../../../../components/EmptyState.js';
import { essayHref } from '../../../../../lib/links.js';
import { formatCount } from '../../../../../lib/format.js';
import { formatYuan } from '../../../../orders/index.js';

type Dashboard = CallData<'adminDashboard'>;
type Day = Dashboard['series'][number];
type TopEssay = Dashboard['topEssays'][number];

const RANGES = [
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
  { value: 90, label: '近 90 天' },
];

interface SeriesLine {
  key: keyof Omit<Day, 'date'>;
  name: string;
  color: string;
}

/** The two daily charts: who came, and what was added. */
const CHARTS: Array<{ title: string; lines: SeriesLine[] }> = [
  {
    title: '活跃用户与访客',
    lines: [
      { key: 'activeUsers', name: '活跃用户', color: '#8c3b2f' },
      { key: 'activeVisitors', name: '活跃访客', color: '#2f5d8c' },
    ],
  },
  {
    title: '新作品与新用户',
    lines: [
      { key: 'newEssays', name: '新作品', color: '#3b7a57' },
      { key: 'newUsers', name: '新用户', color: '#b8860b' },
    ],
  },
];

function TrendChart({ title, data, lines }: { title: string; data: Day[]; lines: SeriesLine[] }) {
  return (
    <Card title={title} size="small">
      <div style={{ height: 260 }} role="img" aria-label={`${title}走势图`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid stroke="#eee" strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={12} width={40} />
            <Tooltip labelFormatter={(d) => String(d)} />
            <Legend />
            {lines.map((l) => (
              <Line
                key={l.key}
                type="monotone"
                dataKey={l.key}
                name={l.name}
                stroke={l.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** 概览: today's figures, the daily trends and today's most-read texts. */
export default function DashboardSection() {
  const [days, setDays] = useState(30);
  const query = useQuery(adminDashboardQuery(days));
  const d = query.data;
  if (!d) return query.isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : <EmptyState description="加载失败，请刷新重试" />;

  const figures: Array<{ title: string; value: string | number; to?: string }> = [
    { title: '今日活跃用户', value: d.today.activeUsers },
    { title: '今日活跃访客', value: d.today.activeVisitors },
    { title: '今日新作品', value: d.today.newEssays },
    { title: '今日新用户', value: d.today.newUsers },
    { title: '待审核', value: d.today.pendingEssays, to: '/admin/review' },
    { title: '待处理举报', value: d.today.openReports, to: '/admin/reports' },
    { title: '今日支付订单', value: d.today.paidOrders, to: '/admin/orders' },
    { title: '今日收入', value: formatYuan(d.today.revenueFen) },
  ];

  return (
    <div className="admin-dashboard">
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={f.to ? <Link to={f.to}>{f.title}</Link> : f.title} value={f.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <div className="admin-toolbar" style={{ marginTop: 16 }}>
        <Segmented<number> options={RANGES} value={days} onChange={setDays} aria-label="时间范围" />
      </div>
      <Row gutter={[12, 12]}>
        {CHARTS.map((c) => (
          <Col key={c.title} xs={24} xl={12}>
            <TrendChart title={c.title} data={d.series} lines={c.lines} />
          </Col>
        ))}
      </Row>
      <Card title="今日热门作品" size="small" style={{ marginTop: 12 }}>
        <Table<TopEssay>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.topEssays}
          locale={{ emptyText: <EmptyState compact description="今天还没有阅读" /> }}
          columns={[
            { title: '#', key: 'rank', width: 48, render: (_, _e, i) => i + 1 },
            {
              title: '作品',
              key: 'essay',
              render: (_, e) => (
                <Link to={essayHref(e.id)} target="_blank" className="serif">
                  {e.title ? `《${e.title}》` : e.summary}
                </Link>
              ),
            },
            { title: '作者', key: 'author', width: 140, render: (_, e) => e.author.nickname },
            { title: '今日阅读', key: 'today', width: 100, render: (_, e) => formatCount(e.viewsToday) },
            { title: '总阅读', key: 'views', width: 100, render: (_, e) => formatCount(e.views) },
            { title: '喜欢 / 评论', key: 'likes', width: 110, render: (_, e) => `${formatCount(e.likes)} / ${formatCount(e.comments)}` },
          ]}
        />
      </Card>
    </div>
  );
}
