import { Input, Tabs } from 'antd';
import { Link } from 'react-router';
import { HotSearches, pickOne, useQueryParam } from '../../components/discovery/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import type { SearchType } from '@shiju/contract';
import { useHitRenderer } from './Results.js';
import './GlobalSearch.css';
import { discoveryQueries, usePagedList } from '../../api/queries/index.js';
import { InfiniteList } from '../../components/InfiniteList.js';

const TYPES: ReadonlyArray<{ key: SearchType; label: string; noun: string }> = [
  { key: 'essay', label: '作品', noun: '作品' },
  { key: 'user', label: '用户', noun: '用户' },
  { key: 'tag', label: '标签', noun: '标签' },
];
const TYPE_KEYS = TYPES.map((t) => t.key);
const PAGE_SIZE = 10;
/** The contract's limit on `q`. */
const MAX_QUERY = 50;

function searchHref(q: string, type: SearchType): string {
  return `/globalSearch?q=${encodeURIComponent(q)}&type=${type}`;
}

function NoResults({ q, type }: { q: string; type: SearchType }) {
  const noun = TYPES.find((t) => t.key === type)!.noun;
  return (
    <div className="global-search__none">
      <EmptyState
        description={`没有找到与“${q}”相关的${noun}，换个词试试？`}
        action={
          <span className="global-search__elsewhere">
            {TYPES.filter((t) => t.key !== type).map((t) => (
              <Link key={t.key} to={searchHref(q, t.key)}>
                在{t.noun}中搜索
              </Link>
            ))}
          </span>
        }
      />
      <section className="discovery-box panel">
        <h2 className="discovery-box__title">大家都在搜</h2>
        <HotSearches />
      </section>
    </div>
  );
}

function Results({ q, type }: { q: string; type: SearchType }) {
  const list = usePagedList(discoveryQueries.search(q, type, PAGE_SIZE));
  // Every page answers the same highlight words (the query and its jieba cut).
  const first = list.data?.pages[0];
  const words = first?.highlights ?? [q];
  const render = useHitRenderer(type, words);
  const noun = TYPES.find((t) => t.key === type)!.noun;
  return (
    <>
      {list.items.length > 0 ? (
        <p className="global-search__total" role="status">
          找到 {list.total} 个相关{noun}
        </p>
      ) : null}
      <InfiniteList
        more="button"
        query={list}
        className={`global-search__list global-search__list--${type}`}
        itemKey={(item) => String(item.id)}
        renderItem={render}
        empty={<NoResults q={q} type={type} />}
        skeletonCount={type === 'essay' ? 4 : 6}
      />
    </>
  );
}

/** Site search over texts, people and tags (q and type in the URL), with the matched words highlighted. */
export default function GlobalSearch() {
  const [qParam, setQ] = useQueryParam('q');
  const [typeParam, setType] = useQueryParam('type');
  const q = (qParam ?? '').trim().slice(0, MAX_QUERY);
  const type = pickOne(typeParam, TYPE_KEYS, 'essay');

  return (
    <div className="page page--narrow global-search">
      <h1 className="page__title">搜索</h1>
      <Input.Search
        // A new q from the header or a suggestion resets the box to it.
        key={q}
        defaultValue={q}
        className="global-search__box"
        size="large"
        maxLength={MAX_QUERY}
        allowClear
        enterButton="搜索"
        placeholder="搜索句子、美文、作者、标签"
        aria-label="搜索关键词"
        onSearch={(value, _e, info) => {
          if (info?.source === 'clear') return;
          const term = value.trim();
          if (term) setQ(term);
        }}
      />
      <Tabs
        activeKey={type}
        onChange={(k) => setType(k)}
        items={TYPES.map((t) => ({ key: t.key, label: t.label }))}
        className="global-search__tabs"
      />
      {q ? (
        <Results key={`${type}:${q}`} q={q} type={type} />
      ) : (
        <section className="discovery-box panel global-search__start">
          <p>输入关键词后按回车，就能在句子、美文、作者和标签里查找。</p>
          <HotSearches />
        </section>
      )}
    </div>
  );
}
