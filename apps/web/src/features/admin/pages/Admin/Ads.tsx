import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminAdsQuery, useAdminCreateAd, useAdminDeleteAd, useAdminUpdateAd, type AdminRow } from '../../api/admin.js';
import { CoverUpload } from '../../../essays/index.js';
import { formatCount, formatDateTime } from '../../../../lib/format.js';
import { FormModal } from '../../../../components/FormModal.js';
import { confirmThen, editDeleteColumn, FilterSelect, usePagedQuery } from './shared.js';
import '../../../../styles/essay.css';

type Ad = AdminRow<'adminAdsPage'>;
type AdStatus = Ad['status'];

const STATUS: Record<AdStatus, { label: string; color: string }> = {
  active: { label: '投放中', color: 'green' },
  paused: { label: '已暂停', color: 'default' },
};
const STATUS_OPTIONS = (Object.keys(STATUS) as AdStatus[]).map((value) => ({ value, label: STATUS[value].label }));
/** docs/rules.md#ads: position 5 is the home page's sidebar, the one place the site shows ads today. */
const SIDEBAR = 5;
const LINK = /^(https?:\/\/\S+|\/\S*)$/;

interface Values {
  title: string;
  image: string | null;
  link: string;
  position: number;
  weight: number;
  frequency: number;
  period: [Dayjs | null, Dayjs | null] | null;
  status: AdStatus;
}

function AdEditor({ editing, onClose }: { editing: Ad | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useAdminCreateAd({ onSuccess: () => toastSuccess('广告已创建') });
  const update = useAdminUpdateAd({ onSuccess: () => toastSuccess('广告已保存') });
  const initial: Values = editing
    ? {
        title: editing.title,
        image: editing.image,
        link: editing.link,
        position: editing.position,
        weight: editing.weight,
        frequency: editing.frequency,
        period:
          editing.startAt || editing.endAt
            ? [editing.startAt ? dayjs(editing.startAt) : null, editing.endAt ? dayjs(editing.endAt) : null]
            : null,
        status: editing.status,
      }
    : { title: '', image: null, link: '', position: SIDEBAR, weight: 0, frequency: 0, period: null, status: 'active' };

  const submit = (v: Values) => {
    const body = {
      title: v.title.trim(),
      image: v.image ?? '',
      link: v.link.trim(),
      position: v.position,
      weight: v.weight,
      frequency: v.frequency,
      startAt: v.period?.[0]?.toISOString() ?? null,
      endAt: v.period?.[1]?.toISOString() ?? null,
      status: v.status,
    };
    return succeeded(editing ? update.mutateAsync({ params: { id: editing.id }, body }) : create.mutateAsync({ body }));
  };

  return (
    <FormModal<Values>
      form={form}
      title={editing ? '编辑广告' : '新建广告'}
      okText={'保存'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      width={620}
      keepOnMaskClick
    >
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="image" label="图片" rules={[{ required: true, message: '请上传广告图片' }]}>
        <CoverUpload noun="图片" />
      </Form.Item>
      <Form.Item
        name="link"
        label="链接"
        rules={[
          { required: true, whitespace: true, message: '请填写链接' },
          { pattern: LINK, message: '必须是 http(s) 地址或以 / 开头的站内路径' },
        ]}
      >
        <Input placeholder="https://… 或 /bestWeek" maxLength={500} />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item name="position" label="位置" rules={[{ required: true, message: '请填写位置' }]} extra={`${SIDEBAR} 为首页侧栏`}>
          <InputNumber min={0} max={99} precision={0} aria-label="位置" />
        </Form.Item>
        <Form.Item name="weight" label="权重" extra="越大越靠前">
          <InputNumber min={0} max={10000} precision={0} aria-label="权重" />
        </Form.Item>
        <Form.Item name="frequency" label="频次（小时）" extra="同一读者两次看到的最小间隔，0 为不限">
          <InputNumber min={0} max={8760} precision={0} aria-label="频次" />
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        <Form.Item
          name="period"
          label="投放时间（选填）"
          rules={[
            {
              validator: async (_r, v: Values['period']) => {
                if (v?.[0] && v[1] && !v[0].isBefore(v[1])) throw new Error('结束时间必须晚于开始时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select style={{ width: 120 }} options={STATUS_OPTIONS} aria-label="状态" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

/** 广告: every ad with its impressions, clicks and click-through rate; create, edit, pause, delete. */
export default function Ads() {
  const { query, setFilter, tableProps, sortable } = usePagedQuery<Parameters<typeof adminAdsQuery>[0]>({});
  const list = useQuery(adminAdsQuery(query));
  const deleteAd = useAdminDeleteAd({ onSuccess: () => toastSuccess('广告已删除') });
  const [editing, setEditing] = useState<Ad | 'new' | null>(null);

  const remove = (a: Ad) =>
    void confirmThen(
      {
        title: `删除广告“${a.title}”？`,
        content: '删除后不再展示，展示和点击数据也一并删除。只想停一停可以改为“已暂停”。',
        okText: '删除',
        danger: true,
      },
      () => deleteAd.mutate({ params: { id: a.id } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
        <span className="admin-toolbar__spacer" />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建广告
        </Button>
      </div>
      <Table<Ad>
        {...tableProps(list)}
        scroll={{ x: 960 }}
        columns={[
          {
            title: '广告',
            key: 'ad',
            render: (_, a) => (
              <Space>
                <img src={a.image} alt="" className="ad-thumb" />
                <span>
                  <div>{a.title}</div>
                  <div className="admin-muted">{a.link}</div>
                </span>
              </Space>
            ),
          },
          {
            title: '位置',
            key: 'position',
            width: 90,
            render: (_, a) => (a.position === SIDEBAR ? `${a.position} · 首页侧栏` : a.position),
          },
          {
            title: '权重 / 频次',
            ...sortable('weight'),
            width: 110,
            render: (_, a) => `${a.weight} / ${a.frequency ? `${a.frequency} 小时` : '不限'}`,
          },
          {
            title: '投放时间',
            key: 'period',
            width: 170,
            render: (_, a) => (
              <div className="admin-muted">
                {a.startAt ? formatDateTime(a.startAt) : '立即'}
                <br />至 {a.endAt ? formatDateTime(a.endAt) : '长期'}
              </div>
            ),
          },
          { title: '状态', key: 'status', width: 90, render: (_, a) => <Tag color={STATUS[a.status].color}>{STATUS[a.status].label}</Tag> },
          { title: '展示', ...sortable('impressions'), width: 90, render: (_, a) => formatCount(a.impressions) },
          { title: '点击', ...sortable('clicks'), width: 90, render: (_, a) => formatCount(a.clicks) },
          { title: '点击率', ...sortable('ctr'), width: 100, render: (_, a) => `${(a.ctr * 100).toFixed(2)}%` },
          editDeleteColumn(setEditing, remove),
        ]}
      />
      {editing ? <AdEditor editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
