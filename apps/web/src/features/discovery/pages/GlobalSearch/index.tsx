import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HotSearches, pickOne, useQueryParam } from '../../components/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import type { AuthorCard as AuthorCardData, SearchFacets, SearchType } from '@shiju/contract';
import { useHitRenderer } from './Results.js';
import { authorHref } from '../../../../lib/links.js';
import './GlobalSearch.css';
import { discoveryQueries, type SearchFacetFilter } from '../../api/discovery.js';
import { usePagedList } from '../../../../api/define.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { Button } from '../../../../components/ui/Button.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { CloseCircleFilled } from '../../../../components/ui/icons.js';
import { Tabs } from '../../../../components/ui/Tabs.js';
import { usePageSearchParams } from '../../../../lib/pageLocation.js';
import { useSession } from '../../../../hooks/useSession.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { signInPath } from '../../../../lib/navigation.js';

const TYPES: ReadonlyArray<{ key: SearchType; label: string; noun: string }> = [
  { key: 'essay', label: '作品', noun: '作品' },
  { key: 'user', label: '用户', noun: '用户' },
  { key: 'tag', label: '标签', noun: '标签' },
  { key: 'mine', label: '我的收藏与划线', noun: '收藏或划线' },
];
const TYPE_KEYS = TYPES.map((t) => t.key);
export const SEARCH_PAGE_SIZE = 10;
/** The contract's limit on `q`. */
const MAX_QUERY = 50;

/** The words a `?q=` searches for, as the page reads them. */
export const searchTerm = (param: string | null) => (param ?? '').trim().slice(0, MAX_QUERY);

/** The kind of result a `?type=` asks for (texts unless it names another). */
export const searchType = (param: string | null): SearchType => pickOne(param, TYPE_KEYS, 'essay');

/** The text facets the URL filters by (`essayType`, `cls`, `dynasty`), as the search call takes them. */
export function facetFilter(essayType: string | null, cls: string | null, dynasty: string | null): SearchFacetFilter {
  const classificationId = Number(cls);
  return {
    essayType: essayType === 'sentence' || essayType === 'essay' ? essayType : undefined,
    classificationId: Number.isInteger(classificationId) && classificationId > 0 ? classificationId : undefined,
    dynasty: dynasty ? dynasty.slice(0, 10) : undefined,
  };
}

function searchHref(q: string, type: SearchType): string {
  return `/globalSearch?q=${encodeURIComponent(q)}&type=${type}`;
}

function NoResults({ q, type, similar }: { q: string; type: SearchType; similar: string[] }) {
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
      <p className="global-search__tips">试试：少输几个字，只输作者或作品名（如“李白”“静夜思”），或直接输入拼音（如 libai、jys）。</p>
      {similar.length > 0 ? (
        <p className="global-search__similar">
          相近的搜索：
          {similar.map((s) => (
            <Link key={s} to={searchHref(s, type)}>
              {s}
            </Link>
          ))}
        </p>
      ) : null}
      <section className="discovery-box panel">
        <h2 className="discovery-box__title">大家都在搜</h2>
        <HotSearches />
      </section>
    </div>
  );
}

/** Who the query names: era, number of texts and the most-read ones; their name leads to their page. */
function AuthorCard({ author }: { author: AuthorCardData }) {
  return (
    <section className="search-author panel" aria-label={`作者 ${author.name}`}>
      <div className="search-author__head">
        <h2 className="search-author__name serif">
          <Link to={authorHref(author.name)}>{author.name}</Link>
        </h2>
        <span className="search-author__meta">
          {author.dynasty ? `${author.dynasty} · ` : ''}
          {author.works} 篇作品
        </span>
        <Link to={authorHref(author.name)} className="search-author__all">
          全部作品 ›
        </Link>
      </div>
      {author.top.length > 0 ? (
        <p className="search-author__top">
          <span>代表作：</span>
          {author.top.map((w) => (
            <Link key={w.id} to={`/bellesDetails?id=${w.id}`}>
              {w.title}
            </Link>
          ))}
        </p>
      ) : null}
    </section>
  );
}

interface FacetState {
  filter: SearchFacetFilter;
  set: (name: 'essayType' | 'cls' | 'dynasty', value: string | null) => void;
  values: { essayType: string | null; cls: string | null; dynasty: string | null };
}

function FacetRow({
  label,
  name,
  options,
  state,
}: {
  label: string;
  name: 'essayType' | 'cls' | 'dynasty';
  options: SearchFacets['types'];
  state: FacetState;
}) {
  if (options.length < 2 && !state.values[name]) return null;
  const current = state.values[name];
  return (
    <div className="search-facets__row" role="group" aria-label={label}>
      <span className="search-facets__label">{label}</span>
      <button type="button" className="search-facets__chip" aria-pressed={!current} onClick={() => state.set(name, null)}>
        全部
      </button>
      {options.map((o) => (
        <button
          type="button"
          key={o.value}
          className="search-facets__chip"
          aria-pressed={current === o.value}
          onClick={() => state.set(name, current === o.value ? null : o.value)}
        >
          {o.name}
          <small>{o.count}</small>
        </button>
      ))}
    </div>
  );
}

function Facets({ facets, state }: { facets: SearchFacets; state: FacetState }) {
  return (
    <div className="search-facets">
      <FacetRow label="类型" name="essayType" options={facets.types} state={state} />
      <FacetRow label="分类" name="cls" options={facets.classifications} state={state} />
      <FacetRow label="朝代" name="dynasty" options={facets.dynasties} state={state} />
    </div>
  );
}

/** `type=mine` for a visitor: what it would search, and the way in. */
function MineSignIn() {
  const location = useLocation();
  return (
    <div className="global-search__none">
      <EmptyState
        description="登录后可以在你收藏的作品、划线和想法里查找"
        action={<LinkButton to={signInPath(location.pathname + location.search)}>登录 / 注册</LinkButton>}
      />
    </div>
  );
}

function Results({ q, type, facetState }: { q: string; type: SearchType; facetState: FacetState }) {
  const me = useSession();
  return type === 'mine' && !me ? <MineSignIn /> : <FoundList q={q} type={type} facetState={facetState} />;
}

function FoundList({ q, type, facetState }: { q: string; type: SearchType; facetState: FacetState }) {
  const list = usePagedList(discoveryQueries.search(q, type, SEARCH_PAGE_SIZE, type === 'essay' ? facetState.filter : {}));
  // Every page answers the same highlight words (the query, its words, and the author a pinyin query names).
  const first = list.data?.pages[0];
  const words = first?.highlights ?? [q];
  const render = useHitRenderer(type, words);
  const noun = TYPES.find((t) => t.key === type)!.noun;
  return (
    <>
      {first?.normalized ? (
        <p className="global-search__note" role="note">
          已按“{first.normalized}”搜索
        </p>
      ) : null}
      {first?.author ? <AuthorCard author={first.author} /> : null}
      {first?.facets && list.items.length > 0 ? <Facets facets={first.facets} state={facetState} /> : null}
      {list.items.length > 0 ? (
        <p className="global-search__total" role="status">
          {first?.relaxed ? '没有完全匹配的结果，以下作品包含其中大部分词语；' : ''}找到 {list.totalText} 个相关{noun}
        </p>
      ) : null}
      <InfiniteList
        more="button"
        query={list}
        className={`global-search__list global-search__list--${type}`}
        itemKey={(item) => String(item.id)}
        renderItem={render}
        empty={<NoResults q={q} type={type} similar={first?.similar ?? []} />}
        skeletonCount={type === 'essay' ? 4 : 6}
      />
    </>
  );
}

/**
 * The search field (antd's large Input.Search look: the words, a clear button, then 搜索). A real form: before the
 * app has taken a server-drawn page over, Enter still searches (the browser submits it).
 */
function SearchField({ q, type, onSearch }: { q: string; type: SearchType; onSearch: (term: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(q);
  // Words typed into the server's copy of the page before the app took it over are the reader's: keep them.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setValue(typed);
  }, []);
  return (
    <form
      className="search-field global-search__box"
      action="/globalSearch"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        const term = value.trim();
        if (term) onSearch(term);
      }}
    >
      <span className="search-field__box">
        <input
          ref={input}
          className="search-field__input"
          name="q"
          type="search"
          enterKeyHint="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          // Arriving without a query (the phone header's 搜索) means arriving to type.
          autoFocus={!q}
          maxLength={MAX_QUERY}
          placeholder="搜索句子、美文、作者、标签，支持繁体与拼音"
          aria-label="搜索关键词"
        />
        {value ? (
          <button
            type="button"
            className="search-field__clear"
            aria-label="清除"
            tabIndex={-1}
            // Keeps the focus in the box.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setValue('');
              input.current?.focus();
            }}
          >
            <Icon icon={CloseCircleFilled} />
          </button>
        ) : null}
      </span>
      {type !== 'essay' ? <input type="hidden" name="type" value={type} /> : null}
      <Button type="primary" size="large" htmlType="submit">
        搜索
      </Button>
    </form>
  );
}

/** Site search over texts, people and tags (q, type and the text facets in the URL), matched words highlighted. */
export default function GlobalSearch() {
  const [qParam] = useQueryParam('q');
  const [, setParams] = usePageSearchParams();
  const [typeParam, setType] = useQueryParam('type');
  const [essayType, setEssayType] = useQueryParam('essayType');
  const [cls, setCls] = useQueryParam('cls');
  const [dynasty, setDynasty] = useQueryParam('dynasty');
  const q = searchTerm(qParam);
  const type = searchType(typeParam);
  const facetState: FacetState = {
    filter: facetFilter(essayType, cls, dynasty),
    values: { essayType, cls, dynasty },
    set: (name, value) => {
      const setter = name === 'essayType' ? setEssayType : name === 'cls' ? setCls : setDynasty;
      setter(value, { replace: true });
    },
  };
  const facetKey = `${essayType ?? ''}|${cls ?? ''}|${dynasty ?? ''}`;
  const content = q ? (
    <Results key={`${type}:${q}:${facetKey}`} q={q} type={type} facetState={facetState} />
  ) : (
    <section className="discovery-box panel global-search__start">
      <p>输入关键词后按回车，就能在句子、美文、作者和标签里查找；繁体、拼音（libai）和首字母（jys）也可以。</p>
      <HotSearches />
    </section>
  );

  return (
    <div className="page page--narrow global-search">
      <h1 className="page__title">搜索</h1>
      <SearchField
        // A new q from the header or a suggestion resets the box to it.
        key={q}
        q={q}
        type={type}
        onSearch={(term) =>
          // A new query starts without the previous one's facet filters.
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('q', term);
            for (const name of ['essayType', 'cls', 'dynasty']) next.delete(name);
            return next;
          })
        }
      />
      <Tabs
        activeKey={type}
        onChange={(k) => setType(k)}
        // The results are the open tab's panel.
        items={TYPES.map((t) => ({ key: t.key, label: t.label, children: content }))}
        className="global-search__tabs"
      />
    </div>
  );
}
