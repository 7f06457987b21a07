import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { adminCollectionsQuery, useAdminHideCollection, type AdminRow } from '../../api/admin.js';
import { collectionHref } from '../../../collections/index.js';
import { formatCount, formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { confirmThen, FilterSelect, SearchFilter, usePagedQuery } from './shared.js';

type Folder = AdminRow<'adminCollectionsPage'>;

const STATE_OPTIONS = [
  { value: 'public' as const, label: '公开' },
  { value: 'private' as const, label: '私密' },
  { value: 'hidden' as const, label: '已隐藏' },
];

/** 收藏夹: every reader's folders, found by name or owner; hide one whose name, description or cover breaks the rules. */
export default function Collections() {
  const { query, setFilter, tableProps, sortable } = usePagedQuery<Parameters<typeof adminCollectionsQuery>[0]>({});
  const list = useQuery(adminCollectionsQuery(query));
  const hide = useAdminHideCollection({ onSuccess: (_r, { body }) => toastSuccess(body.hidden ? '已隐藏' : '已恢复') });
  const setHidden = (f: Folder, hidden: boolean) =>
    void confirmThen(
      hidden
        ? {
            title: `隐藏收藏夹「${f.name}」？`,
            content: '隐藏后只有收藏者本人还能看到它，其他人打开会看到“不存在”，关注者不再收到更新。操作会记入操作日志。',
            okText: '隐藏',
            danger: true,
          }
        : { title: `恢复收藏夹「${f.name}」？`, content: '恢复后它按收藏者的设置重新对他人可见。', okText: '恢复' },
      () => hide.mutate({ params: { id: f.id }, body: { hidden } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.state} onChange={(state) => setFilter({ state })} options={STATE_OPTIONS} placeholder="状态" />
        <SearchFilter placeholder="名称、简介或收藏者" onSearch={(keyword) => setFilter({ keyword })} />
      </div>
      <Table<Folder>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        columns={[
          {
            title: '收藏夹',
            key: 'name',
            render: (_, f) => (
              <>
                {f.isPublic && !f.hidden ? (
                  <Link to={collectionHref(f.id)} target="_blank">
                    {f.name}
                  </Link>
                ) : (
                  f.name
                )}
                {f.isDefault ? <Tag style={{ marginLeft: 8 }}>默认</Tag> : null}
                {f.description ? <div className="admin-muted">{f.description}</div> : null}
              </>
            ),
          },
          { title: '收藏者', key: 'owner', width: 200, render: (_, f) => <PersonCell user={f.owner} /> },
          {
            title: '状态',
            key: 'state',
            width: 90,
            render: (_, f) => (f.hidden ? <Tag color="red">已隐藏</Tag> : f.isPublic ? <Tag color="green">公开</Tag> : <Tag>私密</Tag>),
          },
          { title: '作品', ...sortable('itemCount'), width: 80, render: (_, f) => formatCount(f.itemCount) },
          { title: '关注', ...sortable('followerCount'), width: 80, render: (_, f) => formatCount(f.followerCount) },
          {
            title: '创建',
            ...sortable('createdAt'),
            width: 150,
            render: (_, f) => <span className="admin-muted">{formatDateTime(f.createdAt)}</span>,
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, f) =>
              f.hidden ? (
                <Button size="small" onClick={() => setHidden(f, false)}>
                  恢复
                </Button>
              ) : (
                <Button size="small" danger onClick={() => setHidden(f, true)}>
                  隐藏
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
