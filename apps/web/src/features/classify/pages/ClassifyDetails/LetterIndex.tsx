import { useRef, useState } from 'react';
import { EmptyState } from '../../../../components/EmptyState.js';
import { Button } from '../../../../components/ui/Button.js';
import { Drawer } from '../../../../components/ui/Drawer.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { OrderedListOutlined } from '../../../../components/ui/icons.js';
import { Skeleton } from '../../../../components/ui/Skeleton.js';
import { useTagIndex } from './useTagIndex.js';

interface Props {
  classificationId: number;
  tagId?: number;
  onPick: (tagId: number) => void;
}

/** A drawer with every tag of the classification grouped A–Z (then #), a letter bar to jump, a tap to filter. */
export function LetterIndex({ classificationId, tagId, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const index = useTagIndex(classificationId);
  const body = useRef<HTMLDivElement>(null);
  const groups = index.data ?? [];

  const jump = (letter: string) => {
    body.current?.querySelector<HTMLElement>(`[data-letter="${letter}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <Button icon={<Icon icon={OrderedListOutlined} />} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        A–Z 标签
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        className="letter-index"
        label="标签索引"
        head={<h2 className="drawer__title">标签索引</h2>}
        closeLabel="关闭标签索引"
      >
        {index.isPending ? (
          <Skeleton rows={8} />
        ) : groups.length === 0 ? (
          <EmptyState compact description="这个分类还没有标签" />
        ) : (
          <>
            <nav className="letter-index__bar" aria-label="字母">
              {groups.map((g) => (
                <button key={g.letter} type="button" className="letter-index__letter" onClick={() => jump(g.letter)}>
                  {g.letter}
                </button>
              ))}
            </nav>
            <div ref={body} className="letter-index__groups">
              {groups.map((g) => (
                <section key={g.letter} data-letter={g.letter} className="letter-index__group">
                  <h3 className="letter-index__head">{g.letter}</h3>
                  <ul className="tag-row">
                    {g.tags.map((t) => (
                      <li key={t.id}>
                        <button
                          type="button"
                          className={t.id === tagId ? 'tag is-active' : 'tag'}
                          onClick={() => {
                            onPick(t.id);
                            setOpen(false);
                          }}
                        >
                          {t.name}
                          <span className="letter-index__count">{t.essayCount}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </Drawer>
    </>
  );
}
