import { creditLine, creditOf, hasWatermark, posterLine } from '@shiju/contract/credit';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../../api/index.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { ReportButton } from '../../../reports/index.js';
import { copyText } from '../../../../lib/clipboard.js';
import { editHref, essayHref, imitateHref } from '../../../../lib/links.js';
import { ReactionButtons } from './ReactionButtons.js';
import { useSession } from '../../../../hooks/useSession.js';
import { loadShareCardDialog, useDetailsCache, type Details, useDeleteEssay, useNotInterested } from '../../../essays/index.js';
import { RouterButton } from '../../../../components/RouterButton.js';
import { Button } from '../../../../components/ui/Button.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, LinkOutlined, PictureOutlined } from '../../../../components/ui/icons.js';

/** The share card (antd's dialog, the QR code library, the canvas drawing) loads when a reader asks for it. */
const ShareCardDialog = lazy(loadShareCardDialog);

function shareUrl(id: number): string {
  return `${window.location.origin}${essayHref(id)}`;
}

/** 不感兴趣: hides the text from this reader's lists and feed. */
function NotInterested({ id }: { id: number }) {
  const mark = useNotInterested({ onSuccess: () => toastSuccess('已标记，以后会少给你推荐这类内容') });
  const done = mark.isSuccess;
  return (
    <Button type="text" icon={<Icon icon={EyeInvisibleOutlined} />} disabled={done} onClick={() => mark.mutate({ params: { id } })}>
      {done ? '已标记不感兴趣' : '不感兴趣'}
    </Button>
  );
}

/** The author's own tools: edit and delete. */
function OwnerTools({ id }: { id: number }) {
  const navigate = useNavigate();
  const deleteEssay = useDeleteEssay({
    onSuccess: () => {
      toastSuccess('已删除');
      void navigate('/home', { replace: true });
    },
  });
  const remove = async () => {
    const action = await confirmDialog({
      title: '删除这篇作品？',
      content: '删除后将无法恢复，评论和喜欢也会一并消失。',
      okText: '删除',
      cancelText: '取消',
      danger: true,
    });
    if (action === 'confirm') deleteEssay.mutate({ params: { id } });
  };
  return (
    <>
      <RouterButton to={editHref(id)} icon={<Icon icon={EditOutlined} />}>
        编辑
      </RouterButton>
      <Button danger icon={<Icon icon={DeleteOutlined} />} onClick={() => void remove()}>
        删除
      </Button>
    </>
  );
}

/** Like, collect, share (link and picture), imitate, not interested, report; edit and delete for the author. */
export function ActionBar({ essay }: { essay: Details }) {
  const user = useSession();
  const patch = useDetailsCache(essay.id);
  const [cardOpen, setCardOpen] = useState(false);
  // Once opened, the dialog stays mounted so it can animate closed.
  const [cardWanted, setCardWanted] = useState(false);
  if (cardOpen && !cardWanted) setCardWanted(true);
  const own = user?.id === essay.author.id;
  const published = essay.status === 'published';
  const credit = creditOf(essay);

  const copyLink = async () => {
    if (await copyText(shareUrl(essay.id))) toastSuccess('链接已复制，快去分享吧');
    else toastError('复制失败，请手动复制地址栏中的链接');
  };

  return (
    <div className="action-bar">
      {published ? (
        <div className="action-bar__main">
          <ReactionButtons key={essay.id} essay={essay} onSettled={(r) => patch(() => r)} />
          <RouterButton to={imitateHref(essay.id)} icon={<Icon icon={EditOutlined} />}>
            仿写
          </RouterButton>
        </div>
      ) : null}
      <div className="action-bar__more">
        {published ? (
          <>
            <Button type="text" icon={<Icon icon={LinkOutlined} />} onClick={() => void copyLink()}>
              复制链接
            </Button>
            <Button type="text" icon={<Icon icon={PictureOutlined} />} onClick={() => setCardOpen(true)}>
              分享卡片
            </Button>
          </>
        ) : null}
        {user && !own && published ? <NotInterested id={essay.id} /> : null}
        {!own && published ? <ReportButton targetType="essay" targetId={essay.id} /> : null}
        {own ? <OwnerTools id={essay.id} /> : null}
      </div>
      {cardWanted ? (
        <Suspense fallback={null}>
          <ShareCardDialog
            open={cardOpen}
            onClose={() => setCardOpen(false)}
            fileName={`拾句-${essay.id}.png`}
            data={{
              text: essay.type === 'sentence' ? essay.content : essay.summary,
              title: essay.type === 'essay' ? essay.title : null,
              source: creditLine(credit, essay.workTitle),
              poster: posterLine(credit),
              watermark: hasWatermark(essay) ? essay.author.nickname : null,
              url: shareUrl(essay.id),
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
