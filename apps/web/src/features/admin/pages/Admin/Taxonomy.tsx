import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import type { CallData } from '@shiju/contract';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import {
  adminClassificationsQuery,
  adminTagsQuery,
  useAdminCreateClassification,
  useAdminCreateTag,
  useAdminDeleteClassification,
  useAdminDeleteTag,
  useAdminMergeTag,
  useAdminUpdateClassification,
  useAdminUpdateTag,
} from '../../api/admin.js';
import { CoverUpload } from '../../../essays/index.js';
import { formatCount } from '../../../../lib/format.js';
import { FormModal } from '../../../../components/FormModal.js';
import { confirmThen, editDeleteColumn } from './shared.js';
import '../../../../styles/essay.css';

type Classification = CallData<'adminClassifications'>[number];
type AdminTag = CallData<'adminTags'>[number];
type TagNode = AdminTag & { children?: TagNode[] };

const STATUS = { active: '显示', hidden: '隐藏' } as const;
const SORT_HELP = '数字越小越靠前';

// ---------- classifications ----------

interface ClassificationValues {
  name: string;
  description: string;
  cover: string | null;
  sort: number;
  status: Classification['status'];
}

function ClassificationEditor({ editing, onClose }: { editing: Classification | null; onClose: () => void }) {
  const [form] = Form.useForm<ClassificationValues>();
  const create = useAdminCreateClassification({ onSuccess: () => toastSuccess('分类已创建') });
  const update = useAdminUpdateClassification({ onSuccess: () => toastSuccess('分类已保存') });
  const initial: ClassificationValues = editing
    ? { name: editing.name, description: editing.description, cover: editing.cover, sort: editing.sort, status: editing.status }
    : { name: '', description: '', cover: null, sort: 0, status: 'active' };
  const submit = (v: ClassificationValues) => {
    const body = { ...v, name: v.name.trim(), description: v.description.trim() };
    return succeeded(editing ? update.mutateAsync({ params: { id: editing.id }, body }) : create.mutateAsync({ body }));
  };
  return (
    <FormModal<ClassificationValues>
      form={form}
      title={editing ? `编辑分类“${editing.name}”` : '新建分类'}
      okText={'保存'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item name="description" label="简介">
        <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="cover" label="封面（选填）">
        <CoverUpload />
      </Form.Item>
      <Space size={16}>
        <Form.Item name="sort" label="排序" extra={SORT_HELP}>
          <InputNumber min={-100000} max={100000} precision={0} aria-label="排序" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            style={{ width: 110 }}
            options={(['active', 'hidden'] as const).map((s) => ({ value: s, label: STATUS[s] }))}
            aria-label="状态"
          />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

function Classifications() {
  const list = useQuery(adminClassificationsQuery());
  const deleteClassification = useAdminDeleteClassification({ onSuccess: () => toastSuccess('分类已删除') });
  const [editing, setEditing] = useState<Classification | 'new' | null>(null);
  const remove = (c: Classification) =>
    void confirmThen(
      {
        title: `删除分类“${c.name}”？`,
        content: c.essayCount > 0 ? `还有 ${c.essayCount} 篇作品在这个分类下，删除会被拒绝；可以先改为“隐藏”。` : '删除后不能恢复。',
        okText: '删除',
        danger: true,
      },
      () => deleteClassification.mutate({ params: { id: c.id } }),
    );
  return (
    <>
      <div className="admin-toolbar">
        <span className="admin-muted">按排序数字从小到大显示在首页和分类页</span>
        <span className="admin-toolbar__spacer" />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建分类
        </Button>
      </div>
      <Table<Classification>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: '排序', key: 'sort', width: 70, render: (_, c) => c.sort },
          {
            title: '分类',
            key: 'name',
            render: (_, c) => (
              <>
                <strong>{c.name}</strong>
                <div className="admin-muted admin-excerpt">{c.description}</div>
              </>
            ),
          },
          { title: '作品 / 标签', key: 'counts', width: 120, render: (_, c) => `${formatCount(c.essayCount)} / ${c.tagIds.length}` },
          {
            title: '状态',
            key: 'status',
            width: 80,
            render: (_, c) => <Tag color={c.status === 'active' ? 'green' : 'default'}>{STATUS[c.status]}</Tag>,
          },
          editDeleteColumn(setEditing, remove),
        ]}
      />
      {editing ? <ClassificationEditor editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

// ---------- tags ----------

interface TagValues {
  name: string;
  parentId: number | null;
  sort: number;
  classificationIds: number[];
}

type TagDialog = { kind: 'edit'; tag: AdminTag | null; parentId: number | null } | { kind: 'merge'; tag: AdminTag };

function TagEditor({
  tag,
  parentId,
  firstLevel,
  classifications,
  onClose,
}: {
  tag: AdminTag | null;
  parentId: number | null;
  firstLevel: AdminTag[];
  classifications: Classification[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<TagValues>();
  const create = useAdminCreateTag({ onSuccess: () => toastSuccess('标签已创建，首字母已按拼音生成') });
  const update = useAdminUpdateTag({ onSuccess: () => toastSuccess('标签已保存') });
  const initial: TagValues = tag
    ? { name: tag.name, parentId: tag.parentId, sort: tag.sort, classificationIds: tag.classificationIds }
    : { name: '', parentId, sort: 0, classificationIds: [] };
  const level = Form.useWatch('parentId', form) ?? initial.parentId;
  const submit = (v: TagValues) => {
    const body = {
      name: v.name.trim(),
      parentId: v.parentId ?? null,
      sort: v.sort,
      classificationIds: v.parentId ? [] : v.classificationIds,
    };
    return succeeded(tag ? update.mutateAsync({ params: { id: tag.id }, body }) : create.mutateAsync({ body }));
  };
  return (
    <FormModal<TagValues>
      form={form}
      title={tag ? `编辑标签“${tag.name}”` : '新建标签'}
      okText={'保存'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
        extra="首字母由拼音自动生成"
      >
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item name="parentId" label="上级标签">
        <Select<number | null>
          aria-label="上级标签"
          options={[
            { value: null, label: '无（一级标签）' },
            ...firstLevel.filter((t) => t.id !== tag?.id).map((t) => ({ value: t.id, label: t.name })),
          ]}
          disabled={!!tag && tag.childCount > 0}
        />
      </Form.Item>
      {level ? null : (
        <Form.Item name="classificationIds" label="出现在这些分类下">
          <Select mode="multiple" aria-label="所属分类" options={classifications.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      )}
      <Form.Item name="sort" label="排序" extra={SORT_HELP}>
        <InputNumber min={-100000} max={100000} precision={0} aria-label="排序" />
      </Form.Item>
    </FormModal>
  );
}

function MergeDialog({ tag, tags, onClose }: { tag: AdminTag; tags: AdminTag[]; onClose: () => void }) {
  const [form] = Form.useForm<{ intoId: number }>();
  const merge = useAdminMergeTag();
  const nameOf = (t: AdminTag) => (t.parentId ? `${tags.find((p) => p.id === t.parentId)?.name ?? ''} / ${t.name}` : t.name);
  const submit = ({ intoId }: { intoId: number }) => {
    const target = tags.find((t) => t.id === intoId);
    return succeeded(
      merge.mutateAsync(
        { params: { id: tag.id }, body: { intoId } },
        { onSuccess: () => toastSuccess(`已把“${tag.name}”合并到“${target?.name ?? ''}”`) },
      ),
    );
  };
  return (
    <FormModal<{ intoId: number }>
      form={form}
      title={`合并标签“${tag.name}”`}
      okText="合并"
      danger
      initialValues={{}}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>
        “{tag.name}”的 {formatCount(tag.essayCount)} 篇作品、读者的兴趣{tag.childCount > 0 ? `和 ${tag.childCount} 个二级标签` : ''}
        都会转到目标标签，随后“{tag.name}”被删除，不能撤销。
      </p>
      <Form.Item name="intoId" label="并入" rules={[{ required: true, message: '请选择要并入的标签' }]}>
        <Select<number>
          showSearch
          placeholder="选择要并入的标签"
          aria-label="目标标签"
          optionFilterProp="label"
          options={tags.filter((t) => t.id !== tag.id && t.parentId !== tag.id).map((t) => ({ value: t.id, label: nameOf(t) }))}
        />
      </Form.Item>
    </FormModal>
  );
}

function Tags() {
  const tags = useQuery(adminTagsQuery());
  const classifications = useQuery(adminClassificationsQuery());
  const deleteTag = useAdminDeleteTag({ onSuccess: () => toastSuccess('标签已删除') });
  const [dialog, setDialog] = useState<TagDialog | null>(null);
  const all = tags.data ?? [];
  const firstLevel = all.filter((t) => t.parentId === null);
  const tree: TagNode[] = firstLevel.map((t) => {
    const children = all.filter((c) => c.parentId === t.id);
    return children.length ? { ...t, children } : t;
  });
  const classificationName = new Map((classifications.data ?? []).map((c) => [c.id, c.name]));

  const remove = (t: AdminTag) =>
    void confirmThen(
      {
        title: `删除标签“${t.name}”？`,
        content: `${t.childCount > 0 ? `它的 ${t.childCount} 个二级标签会一起删除。` : ''}作品本身不受影响，只是不再带这个标签。`,
        okText: '删除',
        danger: true,
      },
      () => deleteTag.mutate({ params: { id: t.id } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <span className="admin-muted">两级标签：一级标签挂在分类下，二级标签挂在一级标签下</span>
        <span className="admin-toolbar__spacer" />
        <Button type="primary" onClick={() => setDialog({ kind: 'edit', tag: null, parentId: null })}>
          新建一级标签
        </Button>
      </div>
      <Table<TagNode>
        rowKey="id"
        loading={tags.isFetching}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 860 }}
        columns={[
          {
            title: '标签',
            key: 'name',
            render: (_, t) => (
              <>
                <strong>{t.name}</strong> <span className="admin-muted">{t.letter}</span>
              </>
            ),
          },
          { title: '排序', key: 'sort', width: 70, render: (_, t) => t.sort },
          { title: '作品', key: 'essays', width: 80, render: (_, t) => formatCount(t.essayCount) },
          {
            title: '所属分类',
            key: 'classifications',
            width: 220,
            render: (_, t) =>
              t.parentId === null ? (
                t.classificationIds.map((id) => <Tag key={id}>{classificationName.get(id) ?? id}</Tag>)
              ) : (
                <span className="admin-muted">随上级</span>
              ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 260,
            render: (_, t) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setDialog({ kind: 'edit', tag: t, parentId: t.parentId })}>
                  编辑
                </Button>
                {t.parentId === null ? (
                  <Button size="small" onClick={() => setDialog({ kind: 'edit', tag: null, parentId: t.id })}>
                    加二级
                  </Button>
                ) : null}
                <Button size="small" onClick={() => setDialog({ kind: 'merge', tag: t })}>
                  合并到…
                </Button>
                <Button size="small" danger onClick={() => remove(t)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {dialog?.kind === 'edit' ? (
        <TagEditor
          tag={dialog.tag}
          parentId={dialog.parentId}
          firstLevel={firstLevel}
          classifications={classifications.data ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'merge' ? <MergeDialog tag={dialog.tag} tags={all} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** 分类与标签: classifications (order, visibility, covers) and the two-level tag tree (order, merge). */
export default function Taxonomy() {
  return (
    <Tabs
      items={[
        { key: 'classifications', label: '分类', children: <Classifications /> },
        { key: 'tags', label: '标签', children: <Tags /> },
      ]}
    />
  );
}
