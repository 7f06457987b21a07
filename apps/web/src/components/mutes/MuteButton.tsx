import { Button } from '../ui/Button.js';
import { Icon } from '../ui/Icon.js';
import { StopOutlined } from '../ui/icons.js';
import { muteWords, useMuteToggle, type NamedTarget } from './useMuteToggle.js';

/** 屏蔽 / 已屏蔽 for the thing a page is about (a tag, a classification, a 作者, a person); nothing for visitors. */
export function MuteButton({ target, size = 'middle' }: { target: NamedTarget; size?: 'small' | 'middle' }) {
  const muting = useMuteToggle();
  if (!muting.enabled) return null;
  const muted = muting.mutedOf(target) !== undefined;
  return (
    <Button
      size={size}
      className="mute-button"
      icon={<Icon icon={StopOutlined} />}
      aria-pressed={muted}
      title={muted ? `取消屏蔽${muteWords(target)}` : `屏蔽${muteWords(target)}：不再出现在推荐、排行榜、随机一句和搜索联想中`}
      loading={muting.busy}
      disabled={!muting.ready}
      onClick={() => muting.toggle(target)}
    >
      {muted ? '已屏蔽' : '屏蔽'}
    </Button>
  );
}
