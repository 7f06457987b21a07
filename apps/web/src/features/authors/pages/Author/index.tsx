import type { AuthorBrief, AuthorDetail, DynastyGroup } from '@shiju/contract';
import { lifeSpan } from '@shiju/contract/dynasties';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { authorQueries } from '../../api/authors.js';
import { usePagedList } from '../../../../api/define.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { useQueryParam } from '../../../discovery/index.js';
import { formatCount } from '../../../../lib/format.js';
import { useTitleName } from '../../../../lib/titleName.js';
import './author.css';
import { MuteButton } from '../../../mutes/index.js';

export const AUTHOR_PAGE_SIZE = 10;
export const DYNASTY_PAGE_SIZE = 30;
/** The contract's limits on an author's name and a dynasty. */
const MAX_NAME = 40;
const MAX_DYNASTY = 10;

/** An author's page address: the era is named unless the bare name means them. */
export const authorHref = (a: { name: string; dynasty: string | null }, withEra = true) =>
  `/author?name=${encodeURIComponent(a.name)}${withEra && a.dynasty ? `&dynasty=${encodeURIComponent(a.dynasty)}` : ''}`;
export const dynastyHref = (dynasty: string) => `/author?dynasty=${encodeURIComponent(dynasty)}`;

function NoAuthor({ name, message }: { name: string; message?: string }) {
  return (
    <EmptyState
      description={message ?? `没有找到作者“${name}”`}
      action={
        <span className="author-page__actions">
          <Link to="/author">按朝代浏览作者</Link>
          {name ? <Link to={`/globalSearch?q=${encodeURIComponent(name)}`}>去搜索看看</Link> : null}
        </span>
      }
    />
  );
}

/** 生卒 and the number of works, as one quiet line. */
const briefLine = (a: AuthorBrief) => [lifeSpan(a.born, a.died), `${formatCount(a.works)} 篇`].filter(Boolean).join(' · ');

/** Biographies over this many characters open folded to a few lines. */
const BIO_FOLD_CHARS = 160;

/** The biography, a long one folded with 展开全文 (the whole text is in the page either way). */
function Bio({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = Array.from(text).length > BIO_FOLD_CHARS;
  return (
    <>
      <p className={long && !open ? 'author-page__bio author-page__bio--folded' : 'author-page__bio'}>{text}</p>
      {long ? (
        <button type="button" className="author-page__more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起' : '展开全文'}
        </button>
      ) : null}
    </>
  );
}

function AuthorHead({ author }: { author: AuthorDetail }) {
  const life = lifeSpan(author.born, author.died);
  return (
    <header className="author-page__head panel">
      <div className="author-page__title">
        <h1 className="author-page__name serif">{author.name}</h1>
        <MuteButton size="small" target={{ kind: 'author', name: author.name, label: author.name }} />
      </div>
      <p className="author-page__meta">
        {author.dynasty ? (
          <span>
            朝代 <Link to={dynastyHref(author.dynasty)}>{author.dynasty}</Link>
          </span>
        ) : null}
        {life ? <span>生卒 {life}</span> : null}
        <span>{formatCount(author.works)} 篇作品</span>
      </p>
      {author.homonyms.length > 0 ? (
        <p className="author-page__homonyms">
          同名作者：
          {author.homonyms.map((h) => (
            <Link key={h.dynasty ?? ''} to={authorHref(h)}>
              {h.dynasty ? `${h.dynasty}代的` : ''}
              {h.name}
              {h.works > 0 ? `（${h.works} 篇）` : ''}
            </Link>
          ))}
        </p>
      ) : null}
      {author.bio ? <Bio text={author.bio} /> : null}
      {author.top.length > 0 ? (
        <div className="author-page__top">
          <h2 className="author-page__label">代表作</h2>
          <ul>
            {author.top.map((w) => (
              <li key={w.id}>
                <Link to={`/bellesDetails?id=${w.id}`}>{w.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </header>
  );
}

function Peers({ author }: { author: AuthorDetail }) {
  if (!author.dynasty || author.peers.length === 0) return null;
  return (
    <nav className="author-page__peers panel" aria-label={`${author.dynasty}代的其他作者`}>
      <h2 className="author-page__label">
        {author.dynasty}代的其他作者 <Link to={dynastyHref(author.dynasty)}>全部</Link>
      </h2>
      <ul className="author-page__chips">
        {author.peers.map((p) => (
          <li key={p.name}>
            <Link to={authorHref(p)}>{p.name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 作者页: who the author is, their best-loved texts, all their texts by popularity, others of their dynasty. */
function AuthorPerson({ name, dynasty }: { name: string; dynasty: string | null }) {
  const detail = useQuery(authorQueries.detail(name, dynasty));
  const works = usePagedList(authorQueries.works(name, dynasty, AUTHOR_PAGE_SIZE));
  const author = detail.data;
  useTitleName(author?.name);
  const failed = detail.error;
  if (failed?.code === 'A0404') return <NoAuthor name={name} />;
  if (failed?.code === 'A0400') return <NoAuthor name={name} message={failed.message} />;
  return (
    <>
      {author ? <AuthorHead author={author} /> : <header className="author-page__head panel" aria-busy="true" />}
      <h2 className="author-page__section">全部作品 · 按热度排列</h2>
      <InfiniteList
        query={works}
        itemKey={(e) => e.id}
        renderItem={(e) => <EssayCard essay={e} />}
        empty={<EmptyState description="还没有发布的作品" />}
        more="button"
        endText={`—— ${author?.name ?? name}的作品都在这里了 ——`}
      />
      {author ? <Peers author={author} /> : null}
    </>
  );
}

/** /author?dynasty=唐: the dynasty's authors, most published first. */
function DynastyAuthors({ dynasty }: { dynasty: string }) {
  const list = usePagedList(authorQueries.dynastyAuthors(dynasty, DYNASTY_PAGE_SIZE));
  useTitleName(dynasty);
  if (list.error?.code === 'A0400') return <NoAuthor name="" message={`没有“${dynasty}”这个朝代`} />;
  return (
    <>
      <header className="author-page__head panel">
        <h1 className="author-page__name serif">{dynasty}代作者</h1>
        <p className="author-page__meta">
          <Link to="/author">全部朝代</Link>
          {list.data ? <span>共 {formatCount(list.total)} 位，按作品数排列</span> : null}
        </p>
      </header>
      <InfiniteList
        query={list}
        itemKey={(a) => `${a.name}|${a.dynasty ?? ''}`}
        className="author-page__people"
        renderItem={(a) => (
          <Link className="author-row panel" to={authorHref(a)}>
            <span className="author-row__name serif">{a.name}</span>
            <span className="author-row__meta">{briefLine(a)}</span>
          </Link>
        )}
        empty={<EmptyState description="这个朝代还没有作者" />}
        more="button"
        endText="—— 到底了 ——"
      />
    </>
  );
}

function DynastyRow({ group }: { group: DynastyGroup }) {
  const eras = group.eras.filter((e) => e.name !== group.name);
  return (
    <li className="dynasty-row panel">
      {group.authors > 0 ? (
        <Link className="dynasty-row__name serif" to={dynastyHref(group.name)}>
          {group.name}
        </Link>
      ) : (
        <span className="dynasty-row__name dynasty-row__name--empty serif">{group.name}</span>
      )}
      <span className="dynasty-row__meta">
        {group.authors > 0 ? `${formatCount(group.authors)} 位作者 · ${formatCount(group.works)} 篇作品` : '暂无作品'}
      </span>
      {eras.length > 0 ? (
        <span className="dynasty-row__eras">
          {eras.map((e) => (
            <Link key={e.name} to={dynastyHref(e.name)} title={`${e.authors} 位作者`}>
              {e.name}
            </Link>
          ))}
        </span>
      ) : null}
    </li>
  );
}

/** /author: the dynasties from 先秦 to 近现代 with their authors and works. */
function Dynasties() {
  const { data } = useQuery(authorQueries.dynasties());
  return (
    <>
      <header className="author-page__head panel">
        <h1 className="author-page__name serif">作者与朝代</h1>
        <p className="author-page__meta">
          <span>按朝代浏览收录的作者，从先秦到近现代</span>
        </p>
      </header>
      <ol className="dynasty-list">
        {data?.list.map((g) => (
          <DynastyRow key={g.name} group={g} />
        ))}
      </ol>
    </>
  );
}

/** The name a `?name=` asks for, as the page looks it up. */
export const authorName = (param: string | null) => (param ?? '').trim().slice(0, MAX_NAME);
/** The era a `?dynasty=` names, or null. */
export const dynastyParam = (param: string | null) => (param ?? '').trim().slice(0, MAX_DYNASTY) || null;

/** 作者页 (/author?name=李白[&dynasty=唐]), a dynasty's authors (/author?dynasty=唐), or the dynasties (/author). */
export default function Author() {
  const [nameParam] = useQueryParam('name');
  const [dynastyValue] = useQueryParam('dynasty');
  const name = authorName(nameParam);
  const dynasty = dynastyParam(dynastyValue);
  return (
    <div className="page page--narrow author-page">
      {name ? (
        <AuthorPerson key={`${name}|${dynasty ?? ''}`} name={name} dynasty={dynasty} />
      ) : dynasty ? (
        <DynastyAuthors key={dynasty} dynasty={dynasty} />
      ) : (
        <Dynasties />
      )}
    </div>
  );
}
