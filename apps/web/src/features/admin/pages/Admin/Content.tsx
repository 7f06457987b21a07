import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tooltip } from 'antd';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminClassificationsQuery, adminEssaysQuery, useAdminHideEssay, useAdminRestoreEssay } from '../../api/admin.js';
import { formatCount, formatDateTime } from '../../../../lib/format.js';
import { ESSAY_STATUS_OPTIONS, ESSAY_TYPE_OPTIONS, EssayCell, EssayStatusTag, MODERATION_REASONS, type AdminEssay } from './essays.js';
import { confirmThen, FilterSelect, SearchFilter, usePagedQuery, useReasonDialog } from './shared.js';

/** 内容: every text in any status; hide one from the site with a reason, or restore it. */
export default function Content() {
  const { query, setFilter, tableProps, sortable } = usePagedQuery<Parameters<typeof adminEssaysQuery>[0]>({});
  const list = useQuery(adminEssaysQuery(query));
  const classifications = useQuery(adminClassificationsQuery());
  const hideEssay = useAdminHideEssay({ onSuccess: () => toastSuccess('已隐藏') });
  const restoreEssay = useAdminRestoreEssay({ onSuccess: () => toastSuccess('已恢复') });
  const reason = useReasonDialog();

  const hide = (e: AdminEssay) =>
    reason.ask({
      title: '隐藏这篇作品',
      description:
        '作品将从首页、列表、排行、搜索和推荐中消失，详情页不可访问；作者在个人中心看到“已被隐藏”和原因，且不能自行重新发布，只有恢复才能让它回来。',
      label: '隐藏原因（作者可见）',
      required: true,
      presets: MODERATION_REASONS,
      okText: '隐藏',
      danger: true,
      onSubmit: ({ reason: r }) => succeeded(hideEssay.mutateAsync({ params: { id: e.id }, body: { reason: r } })),
    });
  const restore = (e: AdminEssay) =>
    void confirmThen({ title: '恢复这篇作品？', content: '作品会回到隐藏前的公开状态，重新出现在列表中。', okText: '恢复' }, () =>
      restoreEssay.mutate({ params: { id: e.id } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={ESSAY_STATUS_OPTIONS} placeholder="状态" />
        <FilterSelect value={query.type} onChange={(type) => setFilter({ type })} options={ESSAY_TYPE_OPTIONS} placeholder="类型" />
        <FilterSelect
          value={query.classificationId}
          onChange={(classificationId) => setFilter({ classificationId })}
          options={(classifications.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          placeholder="分类"
        />
        <SearchFilter placeholder="搜索标题或内容" onSearch={(keyword) => setFilter({ keyword })} />
      </div>
      <Table<AdminEssay>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        columns={[
          { title: '作品', key: 'essay', render: (_, e) => <EssayCell essay={e} /> },
          {
            title: '状态',
            key: 'status',
            width: 120,
            render: (_, e) => (
              <>
                <EssayStatusTag status={e.status} />
                {e.statusReason ? (
                  <Tooltip title={e.statusReason}>
                    <div className="admin-muted">原因：{e.statusReason.slice(0, 12)}</div>
                  </Tooltip>
                ) : null}
                {e.openReports > 0 ? <div className="admin-muted">{e.openReports} 条待处理举报</div> : null}
              </>
            ),
          },
          { title: '阅读', ...sortable('views'), width: 90, render: (_, e) => formatCount(e.views) },
          {
            title: '喜欢',
            ...sortable('likes'),
            width: 90,
            render: (_, e) => (
              <Tooltip title={`收藏 ${formatCount(e.collects)}`}>
                <span>{formatCount(e.likes)}</span>
              </Tooltip>
            ),
          },
          { title: '评论', ...sortable('comments'), width: 90, render: (_, e) => formatCount(e.comments) },
          {
            title: '创建 / 发布',
            ...sortable('createdAt'),
            width: 150,
            render: (_, e) => (
              <div className="admin-muted">
                {formatDateTime(e.createdAt)}
                <br />
                {e.publishedAt ? formatDateTime(e.publishedAt) : '未发布'}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_, e) => (
              <Space>
                {e.status === 'hidden' ? (
                  <Button size="small" onClick={() => restore(e)}>
                    恢复
                  </Button>
                ) : e.status === 'published' || e.status === 'pending' ? (
                  <Button size="small" danger onClick={() => hide(e)}>
                    隐藏
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {reason.element}
    </>
  );
}
