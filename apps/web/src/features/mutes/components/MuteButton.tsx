import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { StopOutlined } from '../../../components/ui/icons.js';
import { muteWords, useMuteToggle, type NamedTarget } from './useMuteToggle.js';

/**
 * 屏蔽 / 已屏蔽 for the thing a page is about (a tag, a classification, a 作者, a person); nothing for visitors.
 * `noun` names it on the button where the page is about something else too (屏蔽标签 beside a list's sorts).
 */
export function MuteButton({ target, size = 'middle', noun = '' }: { target: NamedTarget; size?: 'small' | 'middle'; noun?: string }) {
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
      {muted ? `已屏蔽${noun}` : `屏蔽${noun}`}
    </Button>
  );
}
