import { Link } from 'react-router';
import { discoveryQueries, usePagedList } from '../../api/queries/index.js';
import { isApiError } from '../../api/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import { EssayCard } from '../../components/EssayCard.js';
import { InfiniteList } from '../../components/InfiniteList.js';
import { useQueryParam } from '../../components/discovery/index.js';
import { formatCount } from '../../lib/format.js';
import { useTitleName } from '../../shell/titleName.js';
import './author.css';

export const AUTHOR_PAGE_SIZE = 10;
/** The contract's limit on an author's name. */
const MAX_NAME = 40;

function NoAuthor({ name }: { name: string }) {
  return (
    <EmptyState
      description={name ? `还没有人引用“${name}”的作品` : '没有指定作者'}
      action={<Link to={name ? `/globalSearch?q=${encodeURIComponent(name)}` : '/globalSearch'}>去搜索看看</Link>}
    />
  );
}

function AuthorWorks({ name }: { name: string }) {
  const list = usePagedList(discoveryQueries.authorEssays(name, AUTHOR_PAGE_SIZE));
  const author = list.data?.pages[0]?.author;
  useTitleName(author?.name);
  if (isApiError(list.error, 'A0404')) return <NoAuthor name={name} />;
  return (
    <>
      <header className="author-page__head panel">
        <h1 className="author-page__name serif">{author?.name ?? name}</h1>
        {author ? (
          <p className="author-page__meta">
            {author.dynasty ? <span>{author.dynasty}</span> : null}
            <span>{formatCount(author.works)} 篇作品</span>
            <span>按热度排列</span>
          </p>
        ) : null}
      </header>
      <InfiniteList
        query={list}
        itemKey={(e) => e.id}
        renderItem={(e) => <EssayCard essay={e} />}
        empty={<NoAuthor name={name} />}
        endText={`—— ${author?.name ?? name}的作品都在这里了 ——`}
      />
    </>
  );
}

/** The name a `?name=` asks for, as the page looks it up. */
export const authorName = (param: string | null) => (param ?? '').trim().slice(0, MAX_NAME);

/** 作者页 (/author?name=李白): every text citing the author, hottest first, with their era and count. */
export default function Author() {
  const [param] = useQueryParam('name');
  const name = authorName(param);
  return <div className="page page--narrow author-page">{name ? <AuthorWorks key={name} name={name} /> : <NoAuthor name="" />}</div>;
}
