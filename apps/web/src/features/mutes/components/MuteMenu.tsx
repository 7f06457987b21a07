import type { Essay } from '@shiju/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useClassifications } from '../../classifications/index.js';
import { useSession } from '../../../hooks/useSession.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { EllipsisOutlined } from '../../../components/ui/icons.js';
import { muteWords, useMuteToggle, type NamedTarget } from './useMuteToggle.js';
import './mutes.css';

/** What a card's text can be muted by: its 作者, its poster, its classification, its tags. */
function targetsOf(essay: Essay, classificationName: string | undefined, selfId: number | null): NamedTarget[] {
  const out: NamedTarget[] = [];
  if (essay.workAuthor && !essay.ownWork) out.push({ kind: 'author', name: essay.workAuthor, label: essay.workAuthor });
  if (essay.author.id !== selfId) out.push({ kind: 'user', targetId: essay.author.id, label: essay.author.nickname });
  if (essay.classificationId && classificationName)
    out.push({ kind: 'classification', targetId: essay.classificationId, label: classificationName });
  for (const t of essay.tags) out.push({ kind: 'tag', targetId: t.id, label: t.name });
  return out;
}

/**
 * A card's ⋯ menu for signed-in readers: 屏蔽 (or 取消屏蔽) the text's 作者, poster, classification or a tag. It
 * closes on a choice, Escape or a click elsewhere.
 */
export function MuteMenu({ essay }: { essay: Essay }) {
  const user = useSession();
  return user ? <SignedInMuteMenu essay={essay} /> : null;
}

function SignedInMuteMenu({ essay }: { essay: Essay }) {
  const muting = useMuteToggle();
  const classifications = useClassifications();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  if (!muting.enabled) return null;
  const className = classifications.data?.list.find((c) => c.id === essay.classificationId)?.name;
  const targets = targetsOf(essay, className, muting.userId);
  if (!targets.length) return null;

  return (
    <div className="mute-menu" ref={root}>
      <Button
        type="text"
        size="small"
        className="mute-menu__trigger"
        icon={<Icon icon={EllipsisOutlined} />}
        aria-label="更多操作"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      />
      {open ? (
        <ul className="mute-menu__list panel" role="menu" id={menuId} aria-label="屏蔽">
          {targets.map((t) => {
            const muted = muting.mutedOf(t) !== undefined;
            return (
              <li key={`${t.kind}:${t.label}`} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="mute-menu__item"
                  disabled={muting.busy || !muting.ready}
                  onClick={() => {
                    muting.toggle(t);
                    setOpen(false);
                  }}
                >
                  {muted ? '取消屏蔽' : '屏蔽'}
                  {muteWords(t)}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
