import { Segmented } from 'antd';
import { EmptyState } from '../../../../components/EmptyState.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useSearchParamChoice } from '../../../../hooks/useSearchParamChoice.js';
import { OwnEssayList, type OwnStatus } from './OwnEssayList.js';

const STATUSES = ['published', 'pending', 'rejected', 'hidden'] as const satisfies readonly OwnStatus[];
type WorkStatus = (typeof STATUSES)[number];

const STATUS_LABEL: Record<WorkStatus, string> = { published: '已通过', pending: '待审核', rejected: '未通过', hidden: '已隐藏' };

const EMPTY_TEXT: Record<WorkStatus, string> = {
  published: '还没有发布的作品，去写第一句？',
  pending: '没有等待审核的作品。含有敏感词的作品、修改后重新提交的未通过作品会在这里等编辑审核',
  rejected: '没有未通过审核的作品。未通过的作品按原因修改后可以重新提交',
  hidden: '没有被编辑隐藏的作品',
};

function WriteLink() {
  return (
    <LinkButton to="/editorialEssay" size="small" type="primary">
      去写作
    </LinkButton>
  );
}

/** 我的作品 with its status sub-tabs (已通过 / 待审核 / 未通过 / 已隐藏); the status lives in the URL beside the tab. */
export function MyWorks() {
  const [status, setStatus] = useSearchParamChoice<WorkStatus>('status', STATUSES, 'published');
  return (
    <div className="space-works">
      <Segmented<WorkStatus>
        className="space-works__status"
        value={status}
        onChange={(v) => setStatus(v)}
        options={STATUSES.map((s) => ({ label: STATUS_LABEL[s], value: s }))}
      />
      <OwnEssayList
        key={status}
        status={status}
        empty={<EmptyState description={EMPTY_TEXT[status]} action={status === 'published' ? <WriteLink /> : null} />}
      />
    </div>
  );
}

export function MyDrafts() {
  return (
    <OwnEssayList
      status="draft"
      empty={<EmptyState description="没有草稿。写到一半的句子可以先存为草稿，随时回来接着写" action={<WriteLink />} />}
    />
  );
}
