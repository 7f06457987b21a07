import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { adminDuplicatesQuery, useAdminDismissDuplicate, useAdminMergeEssays, type AdminRow } from '../../api/admin.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { essayHref } from '../../../../lib/links.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { FilterSelect, TARGET_STATUS, usePagedQuery } from './shared.js';

type Pair = AdminRow<'adminDuplicatesPage'>;
type PairText = Pair['essay'];

const KIND: Record<Pair['kind'], { label: string; color: string }> = {
  exact: { label: '完全相同', color: 'red' },
  contained: { label: '包含于', color: 'blue' },
  near: { label: '近似', color: 'gold' },
};
const STATUS = { open: '待处理', merged: '已合并', dismissed: '不是重复' } as const;
const STATUS_OPTIONS = (Object.keys(STATUS) as Array<keyof typeof STATUS>).map((value) => ({ value, label: STATUS[value] }));
const named = (t: PairText) => `《${t.title ?? t.summary.slice(0, 20)}》`;

function TextCell({ t }: { t: PairText }) {
  return (
    <div className="admin-duplicate-text">
      <Space size={6} wrap>
        <Link to={essayHref(t.id)} target="_blank">
          {named(t)}
        </Link>
        <span className="admin-muted">#{t.id}</span>
        <Tag>{TARGET_STATUS[t.status] ?? t.status}</Tag>
      </Space>
      <div className="admin-excerpt">{t.summary}</div>
      {t.source ? <div className="admin-muted">{t.source}</div> : null}
      <Space size={8} wrap>
        <PersonCell user={t.author} />
        <span className="admin-muted">
          喜欢 {t.likes} · 评论 {t.comments} · {formatDateTime(t.createdAt)}
        </span>
      </Space>
    </div>
  );
}

/** 重复: texts found to repeat others when posted; an editor merges one into the other, or dismisses the pair. */
export default function Duplicates() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminDuplicatesQuery>[0]>({ status: 'open' });
  const list = useQuery(adminDuplicatesQuery(query));
  const merge = useAdminMergeEssays();
  const dismiss = useAdminDismissDuplicate();

  const mergeInto = async (from: PairText, into: PairText) => {
    const action = await confirmDialog({
      title: `把${named(from)}合并到${named(into)}？`,
      content: `${named(from)}的喜欢、收藏、评论、划线、注释和仿写都会移到${named(into)}（同一位读者两篇都喜欢的只算一次），旧链接跳转到保留的作品，两位作者都会收到通知。合并后不能撤销。`,
      okText: '合并',
      cancelText: '取消',
      danger: true,
    });
    if (action !== 'confirm') return;
    merge.mutate({ params: { id: from.id }, body: { into: into.id } }, { onSuccess: () => toastSuccess(`已合并到${named(into)}`) });
  };

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
      </div>
      <Table<Pair>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState compact description="没有待处理的重复作品" /> }}
        columns={[
          { title: '新发布的', key: 'essay', render: (_, p) => <TextCell t={p.essay} /> },
          {
            title: '重复',
            key: 'kind',
            width: 110,
            render: (_, p) => (
              <>
                <Tag color={KIND[p.kind].color}>{KIND[p.kind].label}</Tag>
                <div className="admin-muted">相似度 {Math.round(p.similarity * 100)}%</div>
              </>
            ),
          },
          { title: '已收录的', key: 'match', render: (_, p) => <TextCell t={p.match} /> },
          {
            title: '处理',
            key: 'actions',
            width: 200,
            render: (_, p) =>
              p.status === 'open' ? (
                <Space direction="vertical" size={4}>
                  <Button size="small" danger onClick={() => void mergeInto(p.essay, p.match)} disabled={merge.isPending}>
                    合并到已收录的
                  </Button>
                  <Button size="small" onClick={() => void mergeInto(p.match, p.essay)} disabled={merge.isPending}>
                    合并到新发布的
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => dismiss.mutate({ params: { id: p.id } }, { onSuccess: () => toastSuccess('已标记为不是重复') })}
                    disabled={dismiss.isPending}
                  >
                    不是重复
                  </Button>
                </Space>
              ) : (
                <span className="admin-muted">{STATUS[p.status]}</span>
              ),
          },
        ]}
      />
    </>
  );
}
