import { loadCollectionPicker } from '../../../collections/index.js';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { formatCount } from '../../../../lib/format.js';
import { Button } from '../../../../components/ui/Button.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '../../../../components/ui/icons.js';
import { useEnsureSignedIn } from '../../../../components/useEnsureSignedIn.js';
import type { Essay, LikeResult, ReactionKind } from '@shiju/contract';
import { useReactionToggle } from './useReactionToggle.js';

// The folder chooser loads only when a reader opens it.
const CollectionPicker = lazy(() => loadCollectionPicker().then((m) => ({ default: m.CollectionPicker })));

interface Props {
  essay: Pick<Essay, 'id'> & LikeResult;
  /** Called with the server's answer after each confirmed change (to update cached copies). */
  onSettled?: (result: LikeResult) => void;
}

const LOOK: Record<ReactionKind, { label: string; on: ReactNode; off: ReactNode; what: string }> = {
  like: { label: '喜欢', on: <Icon icon={HeartFilled} />, off: <Icon icon={HeartOutlined} />, what: '喜欢这段文字' },
  collect: { label: '收藏', on: <Icon icon={StarFilled} />, off: <Icon icon={StarOutlined} />, what: '收藏这段文字' },
};

function ReactionButton({
  kind,
  state,
  onClick,
}: {
  kind: ReactionKind;
  state: { on: boolean; count: number; busy: boolean };
  onClick: () => void;
}) {
  const look = LOOK[kind];
  return (
    <Button
      className={state.on ? `reaction reaction--${kind} is-on` : `reaction reaction--${kind}`}
      icon={state.on ? look.on : look.off}
      aria-pressed={state.on}
      aria-busy={state.busy}
      onClick={onClick}
    >
      {state.on ? `已${look.label}` : look.label}
      <span className="reaction__count">{formatCount(state.count)}</span>
    </Button>
  );
}

/**
 * 喜欢 and 收藏 toggles: instant, exact under double clicks (see useReactionToggle). A tap on 收藏 puts the text in
 * the default 收藏夹; 收藏到… chooses the folders.
 */
export function ReactionButtons({ essay, onSettled }: Props) {
  const ensure = useEnsureSignedIn();
  const like = useReactionToggle(essay.id, 'like', { on: essay.liked, count: essay.likes }, onSettled);
  const collect = useReactionToggle(essay.id, 'collect', { on: essay.collected, count: essay.collects }, onSettled);
  const [picking, setPicking] = useState(false);
  const click = (kind: ReactionKind, toggle: () => void) => async () => {
    if (await ensure(LOOK[kind].what)) toggle();
  };
  const pick = async () => {
    if (await ensure('收藏到收藏夹')) setPicking(true);
  };
  return (
    <>
      <ReactionButton kind="like" state={like} onClick={() => void click('like', like.toggle)()} />
      <ReactionButton kind="collect" state={collect} onClick={() => void click('collect', collect.toggle)()} />
      <Button className="reaction reaction--pick" aria-haspopup="dialog" onClick={() => void pick()}>
        收藏到…
      </Button>
      {picking ? (
        <Suspense fallback={null}>
          <CollectionPicker
            essayId={essay.id}
            onClose={() => setPicking(false)}
            onSaved={(r) => collect.settle({ on: r.collected, count: r.collects })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
