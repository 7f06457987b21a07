import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Space, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import {
  adminAnnouncementsQuery,
  useAdminCreateAnnouncement,
  useAdminDeleteAnnouncement,
  useAdminUpdateAnnouncement,
  type AdminRow,
} from '../../api/admin.js';
import { RichTextEditor } from '../../../essays/index.js';
import { formatDateTime } from '../../../../lib/format.js';
import { FormModal } from '../../../../components/FormModal.js';
import { confirmThen, editDeleteColumn, usePagedQuery } from './shared.js';
import '../../../../styles/essay.css';

type Announcement = AdminRow<'adminAnnouncementsPage'>;

interface Values {
  title: string;
  content: string;
  pinned: boolean;
  publishedAt: Dayjs | null;
}

const TITLE_MAX = 100;

/** Write or edit one announcement with the writing page's rich-text editor. */
function AnnouncementEditor({ editing, onClose }: { editing: Announcement | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useAdminCreateAnnouncement();
  const update = useAdminUpdateAnnouncement();
  const initial: Values = editing
    ? { title: editing.title, content: editing.content, pinned: editing.pinned, publishedAt: dayjs(editing.publishedAt) }
    : { title: '', content: '', pinned: false, publishedAt: null };

  const submit = (v: Values) => {
    const body = {
      title: v.title.trim(),
      content: v.content,
      pinned: v.pinned,
      publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
    };
    const scheduled = v.publishedAt?.isAfter(dayjs()) ?? false;
    const done = scheduled ? `已定时，将于 ${v.publishedAt!.format('M月D日 HH:mm')} 发布` : editing ? '公告已更新' : '公告已发布';
    const onSuccess = () => toastSuccess(done);
    return succeeded(
      editing ? update.mutateAsync({ params: { id: editing.id }, body }, { onSuccess }) : create.mutateAsync({ body }, { onSuccess }),
    );
  };

  return (
    <FormModal<Values>
      form={form}
      title={editing ? '编辑公告' : '发布公告'}
      okText={editing ? '保存' : '发布'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      width={820}
      keepOnMaskClick
    >
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
        <Input maxLength={TITLE_MAX} showCount placeholder="公告标题" />
      </Form.Item>
      <Form.Item
        name="content"
        label="正文"
        rules={[{ required: true, message: '正文还是空的' }]}
        getValueFromEvent={(html: string) => html}
      >
        <RichTextEditor value={initial.content} onChange={() => undefined} placeholder="公告正文…" aria-label="公告正文" />
      </Form.Item>
      <Space size={24} wrap>
        <Form.Item name="pinned" label="置顶" valuePropName="checked">
          <Switch aria-label="置顶" />
        </Form.Item>
        <Form.Item name="publishedAt" label="发布时间" extra="不填为立即发布；选择将来的时间即定时发布。">
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="发布时间" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

/** 公告: all announcements (scheduled ones included); write, edit, pin, delete. */
export default function Announcements() {
  const { query, tableProps } = usePagedQuery<Parameters<typeof adminAnnouncementsQuery>[0]>({});
  const list = useQuery(adminAnnouncementsQuery(query));
  const deleteAnnouncement = useAdminDeleteAnnouncement({ onSuccess: () => toastSuccess('公告已删除') });
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);

  const remove = (a: Announcement) =>
    void confirmThen(
      { title: `删除公告“${a.title}”？`, content: '删除后读者将看不到这条公告，且不能恢复。', okText: '删除', danger: true },
      () => deleteAnnouncement.mutate({ params: { id: a.id } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing('new')}>
          发布公告
        </Button>
      </div>
      <Table<Announcement>
        {...tableProps(list)}
        scroll={{ x: 800 }}
        columns={[
          {
            title: '标题',
            key: 'title',
            render: (_, a) => (
              <>
                <Space size={6}>
                  {a.pinned ? <Tag color="red">置顶</Tag> : null}
                  {a.scheduled ? <Tag color="blue">定时</Tag> : null}
                  <Link to={`/bulletinDetails?id=${a.id}`} target="_blank">
                    {a.title}
                  </Link>
                </Space>
                <div className="admin-excerpt admin-muted">{a.summary}</div>
              </>
            ),
          },
          { title: '发布时间', key: 'publishedAt', width: 160, render: (_, a) => formatDateTime(a.publishedAt) },
          editDeleteColumn(setEditing, remove),
        ]}
      />
      {editing ? <AnnouncementEditor editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
