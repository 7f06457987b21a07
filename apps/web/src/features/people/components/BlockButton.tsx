import { toastSuccess } from '../../../api/index.js';
import { useBlock } from '../api/people.js';
import { useSession } from '../../../hooks/useSession.js';
import { confirmDialog } from '../../../components/ConfirmDialog/index.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { StopOutlined } from '../../../components/ui/icons.js';

interface Props {
  userId: number;
  nickname: string;
  isBlocked: boolean;
}

/** 拉黑 / 解除拉黑 on someone's profile (signed-in readers, not on their own). Blocking asks first. */
export function BlockButton({ userId, nickname, isBlocked }: Props) {
  const me = useSession();
  const block = useBlock({ onSuccess: (_ok, v) => toastSuccess(v.block ? '已拉黑' : '已解除拉黑') });
  if (!me || me.id === userId) return null;

  const toggle = async () => {
    if (!isBlocked) {
      const action = await confirmDialog({
        title: `拉黑“${nickname}”？`,
        content:
          'TA 将不能关注你、评论或回复你的作品、给你发通知，你们之间的关注会解除；你也不会再看到 TA 的作品和评论。可以随时在“设置 → 黑名单”中解除。',
        okText: '拉黑',
        cancelText: '再想想',
        danger: true,
      });
      if (action !== 'confirm') return;
    }
    block.mutate({ userId, block: !isBlocked });
  };

  return (
    <Button icon={<Icon icon={StopOutlined} />} danger={!isBlocked} loading={block.isPending} onClick={() => void toggle()}>
      {isBlocked ? '解除拉黑' : '拉黑'}
    </Button>
  );
}
