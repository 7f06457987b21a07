import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Essay } from '@shiju/contract';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { EssayCard, essayQueries, useDeleteEssay } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { usePagedList } from '../../../../api/define.js';

export type OwnStatus = 'published' | 'pending' | 'rejected' | 'hidden' | 'draft';

const PAGE_SIZE = 10;

const STATUS_TAG: Partial<Record<OwnStatus, { color: string; text: string }>> = {
  published: { color: 'green', text: '已通过' },
  pending: { color: 'gold', text: '待审核' },
  rejected: { color: 'red', text: '未通过' },
  hidden: { color: 'volcano', text: '已隐藏' },
  draft: { color: 'default', text: '草稿' },
};

function essayName(e: Essay): string {
  if (e.title) return `《${e.title}》`;
  const s = Array.from(e.summary);
  return `“${s.slice(0, 12).join('')}${s.length > 12 ? '…' : ''}”`;
}

/** One of my texts with 编辑 and 删除 (asks first). */
function OwnEssay({ essay }: { essay: Essay }) {
  const deleteEssay = useDeleteEssay({ onSuccess: () => toastSuccess('已删除') });
  const status = STATUS_TAG[essay.status as OwnStatus];

  const remove = async () => {
    const action = await confirmDialog({
      title: '删除这篇作品？',
      content: `${essayName(essay)}删除后将不再对任何人显示，且不能恢复。`,
      okText: '删除',
      cancelText: '保留',
      danger: true,
    });
    if (action === 'confirm') deleteEssay.mutate({ params: { id: essay.id } });
  };

  return (
    <div className="own-essay">
      <EssayCard essay={essay} />
      <div className="own-essay__bar">
        {status ? (
          <span className="own-essay__status">
            <Tag color={status.color}>{status.text}</Tag>
            {essay.statusReason ? <span className="own-essay__reason">原因：{essay.statusReason}</span> : null}
          </span>
        ) : (
          <span />
        )}
        <div className="own-essay__actions">
          {/* A text an editor hid comes back only through the editor's restore, so there is nothing to edit. */}
          {essay.status === 'hidden' ? null : (
            <LinkButton to={`/editorialEssay?id=${essay.id}`} size="small" icon={<EditOutlined />}>
              {essay.status === 'rejected' ? '修改后重新提交' : '编辑'}
            </LinkButton>
          )}
          <Button size="small" danger icon={<DeleteOutlined />} loading={deleteEssay.isPending} onClick={() => void remove()}>
            删除
          </Button>
        </div>
      </div>
    </div>
  );
}

/** My texts of one status (drafts included), newest first. */
export function OwnEssayList({ status, empty }: { status: OwnStatus; empty: ReactNode }) {
  const query = usePagedList(essayQueries.own(status, PAGE_SIZE));
  return <InfiniteList query={query} itemKey={(e) => e.id} renderItem={(e) => <OwnEssay essay={e} />} empty={empty} />;
}
