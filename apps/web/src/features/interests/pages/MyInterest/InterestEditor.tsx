import { CheckOutlined, CloseOutlined, SearchOutlined } from '@ant-design/icons';
import type { Tag } from '@shiju/contract';
import { Button, Input } from 'antd';
import { useMemo, useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { filterGroups, INDEX_LETTERS, letterOf, type TagGroup } from './groups.js';
import { useSaveInterests } from '../../api/interests.js';

/** The server's rule (contract: 请至少选择 3 个兴趣标签). */
export const MIN_INTERESTS = 3;

const letterAnchor = (letter: string) => `interest-letter-${letter === '#' ? 'other' : letter}`;

function TagChip({ tag, on, onToggle, strong }: { tag: Tag; on: boolean; onToggle: (id: number) => void; strong?: boolean }) {
  return (
    <button
      type="button"
      className={`interest-chip${on ? ' is-on' : ''}${strong ? ' interest-chip--parent' : ''}`}
      aria-pressed={on}
      onClick={() => onToggle(tag.id)}
    >
      {on ? <CheckOutlined className="interest-chip__check" aria-hidden /> : null}
      {tag.name}
    </button>
  );
}

function LetterIndex({ present }: { present: Set<string> }) {
  return (
    <nav className="letter-index" aria-label="按字母跳转">
      {INDEX_LETTERS.map((l) =>
        present.has(l) ? (
          <a
            key={l}
            href={`#${letterAnchor(l)}`}
            className="letter-index__item"
            onClick={(e) => {
              // In-page jump without touching the URL (the router would scroll to the top).
              e.preventDefault();
              document.getElementById(letterAnchor(l))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          >
            {l}
          </a>
        ) : (
          <span key={l} className="letter-index__item is-empty" aria-hidden="true">
            {l}
          </span>
        ),
      )}
    </nav>
  );
}

interface Props {
  groups: TagGroup[];
  /** The interest tags saved on the server (empty: the user has never chosen). */
  saved: number[];
  onSaved: () => void;
}

/** Every tag, grouped by first level with an A–Z index; pick at least three and save. */
export function InterestEditor({ groups, saved, onSaved }: Props) {
  const [selected, setSelected] = useState<number[]>(saved);
  const [filter, setFilter] = useState('');
  const saveInterests = useSaveInterests({
    onSuccess: () => {
      toastSuccess('兴趣已保存，“为你推荐”已按新的兴趣更新');
      onSaved();
    },
  });
  const saving = saveInterests.isPending;

  const byId = useMemo(() => new Map(groups.flatMap((g) => [g.parent, ...g.children]).map((t) => [t.id, t])), [groups]);
  const shown = useMemo(() => filterGroups(groups, filter), [groups, filter]);
  const present = useMemo(() => new Set(shown.map(letterOf)), [shown]);
  const chosen = new Set(selected);
  const dirty = selected.length !== saved.length || selected.some((id) => !saved.includes(id));
  const missing = Math.max(0, MIN_INTERESTS - selected.length);

  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const save = () => saveInterests.mutate({ first: saved.length === 0, body: { tagIds: selected } });

  let lastLetter = '';
  return (
    <section className="interest-editor" aria-label="选择兴趣标签">
      <div className="interest-editor__tools">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="查找标签，如 宋词、苏轼、思乡"
          aria-label="查找标签"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="interest-editor__filter"
        />
        <LetterIndex present={present} />
      </div>

      {selected.length > 0 ? (
        <div className="interest-picked">
          <span className="interest-picked__label">已选</span>
          <ul className="interest-picked__list">
            {selected.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  className="interest-picked__item"
                  onClick={() => toggle(id)}
                  aria-label={`取消选择 ${byId.get(id)?.name ?? ''}`}
                >
                  {byId.get(id)?.name ?? `标签 ${id}`}
                  <CloseOutlined aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {shown.length === 0 ? (
        <EmptyState description={`没有名字里带“${filter.trim()}”的标签，换个字试试`} />
      ) : (
        <div className="interest-groups">
          {shown.map((g) => {
            const letter = letterOf(g);
            const anchor = letter !== lastLetter ? letterAnchor(letter) : undefined;
            lastLetter = letter;
            return (
              <section key={g.parent.id} id={anchor} className="interest-group panel" aria-label={g.parent.name}>
                <header className="interest-group__head">
                  <span className="interest-group__letter" aria-hidden="true">
                    {letter}
                  </span>
                  <TagChip tag={g.parent} on={chosen.has(g.parent.id)} onToggle={toggle} strong />
                  <span className="interest-group__count">{g.parent.essayCount} 篇</span>
                </header>
                {g.children.length > 0 ? (
                  <div className="interest-group__children">
                    {g.children.map((t) => (
                      <TagChip key={t.id} tag={t} on={chosen.has(t.id)} onToggle={toggle} />
                    ))}
                  </div>
                ) : null}
              </section>
            );
          })}
        </div>
      )}

      <div className="interest-savebar" role="region" aria-label="保存兴趣">
        <p className="interest-savebar__status" aria-live="polite">
          已选 <strong className="interest-savebar__count">{selected.length}</strong> 个
          <span className="interest-savebar__hint">
            {missing > 0 ? `至少选 ${MIN_INTERESTS} 个，还差 ${missing} 个` : dirty ? '有未保存的修改' : '已保存'}
          </span>
        </p>
        <div className="interest-savebar__actions">
          <Button onClick={() => setSelected([])} disabled={selected.length === 0 || saving}>
            清空
          </Button>
          <Button type="primary" onClick={save} disabled={missing > 0 || !dirty} loading={saving}>
            保存兴趣
          </Button>
        </div>
      </div>
    </section>
  );
}
