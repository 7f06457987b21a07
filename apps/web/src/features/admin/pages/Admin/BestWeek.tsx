import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CallData } from '@shiju/contract';
import { toastSuccess } from '../../../../api/index.js';
import { adminBestWeekQuery, useAdminUpdateBestWeek } from '../../api/admin.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref } from '../../../../lib/links.js';
import { weekLabel, weekRangeLabel } from '../../../discovery/index.js';
import { formatCount } from '../../../../lib/format.js';
import { ESSAY_STATUS } from './essays.js';

type Week = CallData<'adminBestWeek'>;
type Entry = Week['list'][number];
/** An entry being edited; a text added by id has no details until the list is saved. */
interface Draft {
  essayId: number;
  pinned: boolean;
  note: string;
  essay: Entry['essay'] | null;
}

const NOTE_MAX = 200;

function draftOf(week: Week): Draft[] {
  return week.list.map((e) => ({ essayId: e.essayId, pinned: e.pinned, note: e.note ?? '', essay: e.essay }));
}

/** The editing table of one week: order, pins, notes, removals and additions, saved together. */
function WeekEditor({ week }: { week: Week }) {
  const [entries, setEntries] = useState<Draft[]>(() => draftOf(week));
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const update = useAdminUpdateBestWeek({
    onSuccess: (saved) => {
      toastSuccess(`${weekLabel(week.week)}的精选已保存`);
      setEntries(draftOf(saved));
      setDirty(false);
    },
  });
  const saving = update.isPending;

  const change = (next: Draft[]) => {
    setEntries(next);
    setDirty(true);
  };
  const move = (i: number, by: number) => {
    const next = [...entries];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    change(next);
  };
  const patch = (i: number, p: Partial<Draft>) => change(entries.map((e, j) => (j === i ? { ...e, ...p } : e)));
  const add = () => {
    if (adding === null || entries.some((e) => e.essayId === adding)) return;
    change([...entries, { essayId: adding, pinned: false, note: '', essay: null }]);
    setAdding(null);
  };
  const save = () =>
    update.mutate({
      body: { week: week.week, entries: entries.map((e) => ({ essayId: e.essayId, pinned: e.pinned, note: e.note.trim() || null })) },
    });

  return (
    <>
      <Table<Draft>
        rowKey="essayId"
        pagination={false}
        dataSource={entries}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState compact description="这一周还没有精选，可以按作品 ID 添加" /> }}
        columns={[
          { title: '名次', key: 'rank', width: 64, render: (_, _e, i) => <strong>{i + 1}</strong> },
          {
            title: '作品',
            key: 'essay',
            render: (_, e) =>
              e.essay ? (
                <div>
                  <Link to={essayHref(e.essayId)} target="_blank" className="serif">
                    {e.essay.title ? `《${e.essay.title}》` : e.essay.summary}
                  </Link>
                  <div className="admin-muted">
                    {e.essay.author.nickname} · 喜欢 {formatCount(e.essay.likes)} · 收藏 {formatCount(e.essay.collects)}
                    {e.essay.status !== 'published' ? <Tag style={{ marginLeft: 6 }}>{ESSAY_STATUS[e.essay.status].label}</Tag> : null}
                  </div>
                </div>
              ) : (
                <span>
                  作品 #{e.essayId} <span className="admin-muted">（保存后显示详情）</span>
                </span>
              ),
          },
          {
            title: '置顶',
            key: 'pinned',
            width: 70,
            render: (_, e, i) => (
              <Switch size="small" checked={e.pinned} aria-label={`置顶第 ${i + 1} 名`} onChange={(pinned) => patch(i, { pinned })} />
            ),
          },
          {
            title: '编辑寄语（显示在每周精选页）',
            key: 'note',
            width: 320,
            render: (_, e, i) => (
              <Input.TextArea
                value={e.note}
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={NOTE_MAX}
                placeholder="写一句推荐语（选填）"
                aria-label={`第 ${i + 1} 名的寄语`}
                onChange={(ev) => patch(i, { note: ev.target.value })}
              />
            ),
          },
          {
            title: '调整',
            key: 'actions',
            width: 150,
            render: (_, _e, i) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} onClick={() => move(i, -1)} />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label="下移"
                  disabled={i === entries.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button size="small" danger onClick={() => change(entries.filter((_x, j) => j !== i))}>
                  移除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <div className="admin-toolbar" style={{ marginTop: 12 }}>
        <InputNumber<number>
          min={1}
          precision={0}
          placeholder="作品 ID"
          value={adding}
          onChange={(v) => setAdding(v)}
          aria-label="要添加的作品 ID"
        />
        <Button onClick={add} disabled={adding === null}>
          添加到本周
        </Button>
        <span className="admin-toolbar__spacer" />
        {dirty ? <span className="admin-muted">有未保存的修改</span> : null}
        <Button
          disabled={!dirty}
          onClick={() => {
            setEntries(draftOf(week));
            setDirty(false);
          }}
        >
          放弃修改
        </Button>
        <Button type="primary" loading={saving} disabled={!dirty} onClick={save}>
          保存
        </Button>
      </div>
    </>
  );
}

/** 每周精选: pick a frozen week, then pin, remove, reorder and annotate its entries. */
export default function BestWeek() {
  const [week, setWeek] = useState<string | undefined>(undefined);
  const query = useQuery(adminBestWeekQuery(week));
  const data = query.data;

  return (
    <>
      <div className="admin-toolbar">
        <Select<string>
          style={{ width: 260 }}
          aria-label="选择周"
          value={data?.week}
          loading={query.isFetching}
          options={(data?.weeks ?? []).map((w) => ({ value: w, label: `${weekLabel(w)}（${weekRangeLabel(w)}）` }))}
          onChange={setWeek}
        />
        {data ? (
          <Link to={`/bestWeek?week=${data.week}`} target="_blank">
            在每周精选页查看
          </Link>
        ) : null}
      </div>
      {/* Keyed by week and list: a saved or switched list starts a fresh draft. */}
      {data ? (
        <WeekEditor key={`${data.week}:${data.list.map((e) => `${e.essayId}-${e.pinned}-${e.note ?? ''}`).join(',')}`} week={data} />
      ) : null}
      {!data && !query.isPending ? <EmptyState description="还没有冻结的每周精选" /> : null}
    </>
  );
}
