import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDebounced } from '../hooks/useDebounced.js';
import { useNavigate } from 'react-router';
import { discoveryQueries } from '../features/discovery/index.js';
import { Icon } from '../components/ui/Icon.js';
import { CloseOutlined, SearchOutlined } from '../components/ui/icons.js';

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 250;
const MAX_LENGTH = 50;

const searchHref = (q: string, type?: 'tag') => `/globalSearch?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`;

interface Option {
  /** `a:<author>`, `w:<work id>` or `t:<tag>`. */
  value: string;
  label: ReactNode;
}

interface Group {
  label: string;
  options: Option[];
}

/**
 * Enter searches the whole site (/globalSearch?q=). While typing, authors, works and tags that start with the
 * input (or its pinyin: `libai`, `jys`) are suggested below, asked quietly in the background; arrow keys and Enter
 * pick one, Esc closes them (the ARIA combobox pattern, in the page's own markup).
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(q.trim(), DEBOUNCE_MS);
  // Words typed into the server's copy of the page before the app took it over are the reader's: keep them.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setQ(typed);
  }, []);
  const suggestions = useQuery({ ...discoveryQueries.suggest(term), enabled: term.length > 0, placeholderData: keepPreviousData });
  const data = term ? suggestions.data : undefined;

  const groups: Group[] = data
    ? [
        {
          label: '作者',
          options: data.authors.map((a) => ({
            value: `a:${a.name}`,
            label: (
              <span className="search-suggest__item">
                {a.name}
                <small>
                  {a.dynasty ? `${a.dynasty} · ` : ''}
                  {a.works} 篇
                </small>
              </span>
            ),
          })),
        },
        {
          label: '作品',
          options: data.works.map((w) => ({
            value: `w:${w.id}`,
            label: (
              <span className="search-suggest__item">
                {w.title}
                {w.author ? <small>{w.author}</small> : null}
              </span>
            ),
          })),
        },
        {
          label: '标签',
          options: data.tags.map((g) => ({
            value: `t:${g.name}`,
            label: (
              <span className="search-suggest__item">
                #{g.name}
                <small>{g.essayCount} 篇</small>
              </span>
            ),
          })),
        },
      ].filter((group) => group.options.length > 0)
    : [];
  const options = groups.flatMap((g) => g.options);
  const open = focused && !dismissed && q.trim().length > 0 && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const go = (href: string) => {
    void navigate(href);
    onSearch?.();
  };

  const pick = (value: string) => {
    const rest = value.slice(2);
    setDismissed(true);
    setActive(-1);
    if (value.startsWith('w:')) {
      go(`/bellesDetails?id=${rest}`);
      setQ('');
    } else {
      setQ(rest);
      go(value.startsWith('t:') ? searchHref(rest, 'tag') : searchHref(rest));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setDismissed(false);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      if (e.nativeEvent.isComposing) return;
      e.preventDefault();
      const chosen = open && active >= 0 ? options[active] : undefined;
      const typed = e.currentTarget.value.trim();
      if (chosen) pick(chosen.value);
      else if (typed) {
        setDismissed(true);
        go(searchHref(typed));
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  };

  let index = -1;
  // A real search form: before the app has taken a server-drawn page over, Enter still searches (the browser submits).
  return (
    <form className="search-suggest" role="search" action="/globalSearch" method="get" onSubmit={(e) => e.preventDefault()}>
      <span className={focused ? 'search-box is-focused' : 'search-box'}>
        <Icon icon={SearchOutlined} className="search-box__prefix" />
        <input
          ref={input}
          className="search-box__input"
          name="q"
          type="search"
          enterKeyHint="search"
          role="combobox"
          aria-label="搜索"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          placeholder="搜索句子、美文、作者"
          maxLength={MAX_LENGTH}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
        />
        {q ? (
          <button
            type="button"
            className="search-box__clear"
            aria-label="清除"
            // Keeps the focus in the box.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setQ('');
              setActive(-1);
              input.current?.focus();
            }}
          >
            <Icon icon={CloseOutlined} />
          </button>
        ) : null}
      </span>
      <div className="search-suggest__popup" id={`${id}-list`} role="listbox" aria-label="搜索建议" hidden={!open}>
        {open
          ? groups.map((g) => (
              <div key={g.label} role="group" aria-label={g.label}>
                <div className="search-suggest__group" aria-hidden="true">
                  {g.label}
                </div>
                {g.options.map((o) => {
                  index += 1;
                  const i = index;
                  return (
                    <div
                      key={o.value}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={i === active ? 'search-suggest__option is-active' : 'search-suggest__option'}
                      // The input keeps the focus; the click picks.
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(i)}
                      onClick={() => pick(o.value)}
                    >
                      {o.label}
                    </div>
                  );
                })}
              </div>
            ))
          : null}
      </div>
    </form>
  );
}
