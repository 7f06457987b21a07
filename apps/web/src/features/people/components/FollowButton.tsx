import { useState } from 'react';
import { toastSuccess } from '../../../api/index.js';
import { useFollow } from '../api/people.js';
import { useSession } from '../../../hooks/useSession.js';
import { confirmDialog } from '../../../components/ConfirmDialog/index.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { CheckOutlined, PlusOutlined, SwapOutlined } from '../../../components/ui/icons.js';
import { askSignIn } from './askSignIn.js';

interface Props {
  userId: number;
  nickname: string;
  isFollowing: boolean;
  /** They follow the viewer: 回关 instead of 关注, 互相关注 once both do. */
  followsMe?: boolean;
  size?: 'small' | 'middle' | 'large';
}

/** What the button says for each state. */
export function followLabel(isFollowing: boolean, followsMe: boolean): string {
  if (isFollowing) return followsMe ? '互相关注' : '已关注';
  return followsMe ? '回关' : '关注';
}

/**
 * Follow / unfollow another user. Hidden on one's own entries; visitors are asked to sign in. Unfollowing
 * asks first. The new state shows at once; profile counters refresh, relation lists refresh when next shown.
 */
export function FollowButton({ userId, nickname, isFollowing: initial, followsMe = false, size }: Props) {
  const me = useSession();
  // The list row or profile that rendered us may be cached; our own answer wins until it is refetched.
  const [state, setState] = useState<{ from: boolean; now: boolean } | null>(null);
  const follow = useFollow({
    onSuccess: (_ok, { follow: now }) => {
      setState({ from: initial, now });
      toastSuccess(now ? (followsMe ? '已回关，你们互相关注了' : '关注成功') : '已取消关注');
    },
  });
  const following = state && state.from === initial ? state.now : initial;

  if (me?.id === userId) return null;

  const toggle = async () => {
    if (!me) return askSignIn('关注喜欢的作者');
    if (following) {
      const action = await confirmDialog({ title: `不再关注“${nickname}”？`, okText: '取消关注', cancelText: '再想想', danger: true });
      if (action !== 'confirm') return;
    }
    follow.mutate({ userId, follow: !following });
  };

  const label = followLabel(following, followsMe);
  const icon = <Icon icon={following ? (followsMe ? SwapOutlined : CheckOutlined) : PlusOutlined} />;
  return (
    <Button
      className="follow-button"
      size={size}
      type={following ? 'default' : 'primary'}
      icon={icon}
      loading={follow.isPending}
      onClick={() => void toggle()}
      aria-pressed={following}
      // The icon's own label (plus, check) would otherwise be read out before the words.
      aria-label={label}
    >
      {label}
    </Button>
  );
}
