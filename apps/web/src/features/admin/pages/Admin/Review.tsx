import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminEssaysQuery, useAdminReviewEssay } from '../../api/admin.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { ESSAY_TYPE_OPTIONS, EssayCell, MODERATION_REASONS, type AdminEssay } from './essays.js';
import { FilterSelect, SearchFilter, usePagedQuery, useReasonDialog } from './shared.js';

/** 审核: texts the sensitive-word list held back, oldest first, with the words that caught them marked. */
export default function Review() {
  const { query, setFilter, tableProps } = usePagedQuery<Parameters<typeof adminEssaysQuery>[0]>({ status: 'pending' });
  const list = useQuery(adminEssaysQuery(query));
  const review = useAdminReviewEssay({
    onSuccess: (_r, { body }) => toastSuccess(body.action === 'approve' ? '已通过，作品已公开' : '已驳回，已通知作者'),
  });
  const reason = useReasonDialog();

  const approve = (e: AdminEssay) => review.mutate({ params: { id: e.id }, body: { action: 'approve' } });
  const reject = (e: AdminEssay) =>
    reason.ask({
      title: '驳回这篇作品',
      description: '作品不会公开，作者会收到一条写明原因的系统通知，修改后可以重新提交。',
      label: '驳回原因',
      required: true,
      presets: MODERATION_REASONS,
      okText: '驳回',
      danger: true,
      onSubmit: ({ reason: r }) => succeeded(review.mutateAsync({ params: { id: e.id }, body: { action: 'reject', reason: r } })),
    });

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.type} onChange={(type) => setFilter({ type })} options={ESSAY_TYPE_OPTIONS} placeholder="类型" />
        <SearchFilter placeholder="搜索标题或内容" onSearch={(keyword) => setFilter({ keyword })} />
        <span className="admin-toolbar__spacer" />
        <span className="admin-muted">按提交先后排列，先到先审</span>
      </div>
      <Table<AdminEssay>
        {...tableProps(list)}
        locale={{ emptyText: <EmptyState compact description="没有待审核的作品，一切清爽" /> }}
        expandable={{ expandedRowRender: (e) => <EssayCell essay={e} full />, expandRowByClick: false }}
        columns={[
          { title: '作品', key: 'essay', render: (_, e) => <EssayCell essay={e} /> },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, e) => (
              <Space>
                <Button type="primary" size="small" onClick={() => approve(e)}>
                  通过
                </Button>
                <Button danger size="small" onClick={() => reject(e)}>
                  驳回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {reason.element}
    </>
  );
}
