import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { CHALLENGE_LIMITS, nextChallengeWeek } from '@shiju/contract/core';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminChallengesQuery, useAdminCreateChallenge, useAdminUpdateChallenge, type AdminRow } from '../../api/admin.js';
import { FormModal } from '../../../../components/FormModal.js';
import { challengeWindow, STATE_LABELS } from '../../../challenges/index.js';
import { usePagedQuery } from './shared.js';

type Challenge = AdminRow<'adminChallengesPage'>;

interface Values {
  original: string;
  prompt: string;
  opensAt: Dayjs;
  closesAt: Dayjs;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const STATE_COLORS = { upcoming: 'blue', open: 'green', closed: 'default' } as const;

/** A text's id, as typed or inside a pasted link to its page (/bellesDetails?id=123). */
export function originalIdOf(raw: string): number | null {
  const m = /(?:[?&]id=)?(\d{1,10})\s*$/.exec(raw.trim());
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
}

/** Set or change one challenge: its original, the prompt, and its window (the coming week unless changed). */
function ChallengeEditor({ editing, onClose }: { editing: Challenge | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useAdminCreateChallenge();
  const update = useAdminUpdateChallenge();
  const week = nextChallengeWeek(new Date());
  const started = editing ? editing.state !== 'upcoming' : false;
  const initial: Values = editing
    ? {
        original: String(editing.original?.id ?? ''),
        prompt: editing.prompt,
        opensAt: dayjs(editing.opensAt),
        closesAt: dayjs(editing.closesAt),
      }
    : { original: '', prompt: '', opensAt: dayjs(week.opensAt), closesAt: dayjs(week.closesAt) };

  const submit = (v: Values) => {
    const body = {
      originalId: originalIdOf(v.original)!,
      prompt: v.prompt.trim(),
      opensAt: v.opensAt.toISOString(),
      closesAt: v.closesAt.toISOString(),
    };
    const onSuccess = () => toastSuccess(editing ? '每周仿写已更新' : '每周仿写已发起');
    return succeeded(
      editing ? update.mutateAsync({ params: { id: editing.id }, body }, { onSuccess }) : create.mutateAsync({ body }, { onSuccess }),
    );
  };

  return (
    <FormModal<Values>
      form={form}
      title={editing ? '修改每周仿写' : '发起每周仿写'}
      okText={editing ? '保存' : '发起'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      width={640}
      keepOnMaskClick
    >
      <Form.Item
        name="original"
        label="原文"
        extra="填写作品 ID，或粘贴作品页的链接（/bellesDetails?id=…）；必须是已发布的作品。"
        rules={[
          {
            validator: async (_, v: string) =>
              originalIdOf(v ?? '') ? undefined : Promise.reject(new Error('请填写原文的作品 ID 或链接')),
          },
        ]}
      >
        <Input placeholder="例如 123 或 https://…/bellesDetails?id=123" disabled={started} aria-label="原文" />
      </Form.Item>
      <Form.Item name="prompt" label="仿写要求" rules={[{ required: true, whitespace: true, message: '请写下这期的仿写要求' }]}>
        <Input.TextArea
          maxLength={CHALLENGE_LIMITS.promptChars}
          showCount
          rows={3}
          placeholder="例如：保留原句的节奏，写你的故乡"
          aria-label="仿写要求"
        />
      </Form.Item>
      <Space size={24} wrap>
        <Form.Item name="opensAt" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
          <DatePicker showTime format={TIME_FORMAT} disabled={started} aria-label="开始时间" />
        </Form.Item>
        <Form.Item
          name="closesAt"
          label="结束时间"
          dependencies={['opensAt']}
          rules={[
            { required: true, message: '请选择结束时间' },
            ({ getFieldValue }) => ({
              validator: async (_, v: Dayjs | null) =>
                v && !v.isAfter(getFieldValue('opensAt') as Dayjs) ? Promise.reject(new Error('结束时间必须晚于开始时间')) : undefined,
            }),
          ]}
        >
          <DatePicker showTime format={TIME_FORMAT} aria-label="结束时间" />
        </Form.Item>
      </Space>
      <p className="admin-muted">
        默认是下一周：周一 00:00 到周日 24:00（北京时间）。开始后不能更换原文和开始时间；结束后名次确定，不能再修改。
      </p>
    </FormModal>
  );
}

/** 每周仿写: every challenge, newest first; set a new one, change one until it closes. */
export default function Challenges() {
  const { query, tableProps } = usePagedQuery<Parameters<typeof adminChallengesQuery>[0]>({});
  const list = useQuery(adminChallengesQuery(query));
  const [editing, setEditing] = useState<Challenge | 'new' | null>(null);

  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing('new')}>
          发起每周仿写
        </Button>
      </div>
      <Table<Challenge>
        {...tableProps(list)}
        scroll={{ x: 800 }}
        columns={[
          {
            title: '原文与要求',
            key: 'prompt',
            render: (_, c) => (
              <>
                <Space size={6}>
                  <Tag color={STATE_COLORS[c.state]}>{STATE_LABELS[c.state]}</Tag>
                  <Link to={`/imitative?challenge=${c.id}`} target="_blank">
                    {c.original ? (c.original.title ?? c.original.summary) : '（原文已不在）'}
                  </Link>
                </Space>
                <div className="admin-excerpt admin-muted">{c.prompt}</div>
              </>
            ),
          },
          { title: '时间', key: 'window', width: 260, render: (_, c) => challengeWindow(c) },
          { title: '参赛', key: 'entries', width: 80, render: (_, c) => c.entries },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_, c) =>
              c.state === 'closed' ? null : (
                <Button size="small" onClick={() => setEditing(c)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      {editing ? <ChallengeEditor editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
