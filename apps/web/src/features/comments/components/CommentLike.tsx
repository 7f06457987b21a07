import { useRef, useState } from 'react';
import { useLikeComment } from '../api/comments.js';
import { useEnsureSignedIn } from '../../../components/useEnsureSignedIn.js';
import { Icon } from '../../../components/ui/Icon.js';
import { LikeFilled, LikeOutlined } from '../../../components/ui/icons.js';
import { formatCount } from '../../../lib/format.js';

/**
 * 赞 on a comment: flips at once, then shows what the server holds. A toggle the reader makes in the background
 * of their reading: no loading mask (silent). Clicks while one is on its way wait for it and send the last wish.
 */
export function CommentLike({ id, liked, likes }: { id: number; liked?: boolean; likes: number }) {
  const ensure = useEnsureSignedIn();
  const like = useLikeComment();
  const [state, setState] = useState({ on: !!liked, count: likes });
  const busy = useRef(false);
  const wanted = useRef<boolean | null>(null);

  const send = async (on: boolean) => {
    busy.current = true;
    try {
      const r = await like.mutateAsync({ id, like: on });
      if (wanted.current !== null && wanted.current !== r.liked) {
        const next = wanted.current;
        wanted.current = null;
        return await send(next);
      }
      wanted.current = null;
      setState({ on: r.liked, count: r.likes });
    } catch {
      // Shown by the request layer; the button goes back to what it was.
      setState((s) => ({ on: !s.on, count: Math.max(0, s.count + (s.on ? -1 : 1)) }));
    } finally {
      busy.current = false;
    }
  };

  const click = async () => {
    if (!(await ensure('给评论点赞'))) return;
    const on = !state.on;
    setState((s) => ({ on, count: Math.max(0, s.count + (on ? 1 : -1)) }));
    if (busy.current) wanted.current = on;
    else void send(on);
  };

  return (
    <button
      type="button"
      className={state.on ? 'link-button comment__like is-on' : 'link-button comment__like'}
      aria-pressed={state.on}
      aria-label={`赞，${state.count} 人赞过`}
      onClick={() => void click()}
    >
      <Icon icon={state.on ? LikeFilled : LikeOutlined} />
      <span>{state.count ? formatCount(state.count) : '赞'}</span>
    </button>
  );
}
