import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Input } from 'antd';
import { useRef, useState } from 'react';
import { useDebounced } from '../hooks/useDebounced.js';
import { useNavigate } from 'react-router';
import { discoveryQueries } from '../api/queries/index.js';

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 250;

const searchHref = (q: string, type?: 'tag') => `/globalSearch?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`;

/**
 * Enter searches the whole site (/globalSearch?q=). While typing, authors, works and tags that start with the
 * input (or its pinyin: `libai`, `jys`) are suggested below, asked quietly in the background; arrow keys and Enter
 * pick one.
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim(), DEBOUNCE_MS);
  /** When a suggestion was last picked: the same Enter must not also search for the typed text. */
  const pickedAt = useRef(0);
  const suggestions = useQuery({ ...discoveryQueries.suggest(term), enabled: term.length > 0, placeholderData: keepPreviousData });
  const data = term ? suggestions.data : undefined;

  const go = (href: string) => {
    void navigate(href);
    onSearch?.();
  };

  const options = data
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

  return (
    <AutoComplete
      className="search-suggest"
      value={q}
      options={options}
      popupMatchSelectWidth={280}
      classNames={{ popup: { root: 'search-suggest__popup' } }}
      onChange={(value: string) => {
        // Picking an option reports its value (a:…, w:…); the box keeps what was typed until onSelect sets it.
        if (!/^[awt]:/.test(value)) setQ(value);
      }}
      onSelect={(value: string) => {
        pickedAt.current = Date.now();
        const rest = value.slice(2);
        if (value.startsWith('w:')) {
          go(`/bellesDetails?id=${rest}`);
          setQ('');
        } else {
          setQ(rest);
          go(value.startsWith('t:') ? searchHref(rest, 'tag') : searchHref(rest));
        }
      }}
    >
      <Input
        className="search-box"
        allowClear
        maxLength={50}
        placeholder="搜索句子、美文、作者"
        aria-label="搜索"
        prefix={<SearchOutlined aria-hidden />}
        onPressEnter={() => {
          // Enter on a highlighted suggestion selects it (onSelect); only a plain Enter searches.
          setTimeout(() => {
            if (Date.now() - pickedAt.current < 300) return;
            const value = q.trim();
            if (value) go(searchHref(value));
          }, 0);
        }}
      />
    </AutoComplete>
  );
}
