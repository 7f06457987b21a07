import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, essayQueries } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useSearchParamChoice } from '../../../../hooks/useSearchParamChoice.js';
import { usePagedList } from '../../../../api/define.js';
import { UrlTabs } from '../../../../components/UrlTabs.js';
import { Segmented } from '../../../../components/ui/Segmented.js';

export const KINDS = ['all', 'sentence', 'essay'] as const;
type Kind = (typeof KINDS)[number];
export const SORTS = ['new', 'hot'] as const;
type Sort = (typeof SORTS)[number];

const KIND_LABEL: Record<Kind, string> = { all: '全部', sentence: '句子', essay: '美文' };
const PAGE_SIZE = 10;

/** The texts one tab lists: the call's options, shared with the server's prefetch. */
export const authorEssaysQuery = (authorId: number, kind: Kind, sort: Sort) =>
  essayQueries.byAuthor({ authorId, type: kind === 'all' ? undefined : kind, sort }, PAGE_SIZE);

function EssayList({ authorId, kind, sort, own }: { authorId: number; kind: Kind; sort: Sort; own: boolean }) {
  const query = usePagedList(authorEssaysQuery(authorId, kind, sort));
  const what = kind === 'all' ? '作品' : KIND_LABEL[kind];
  const empty = own ? (
    <EmptyState
      description={`你还没有发布${what}，去写第一句？`}
      action={
        <LinkButton to="/editorialEssay" size="small" type="primary">
          去写作
        </LinkButton>
      }
    />
  ) : (
    <EmptyState description={`TA 还没有发布${what}，关注 TA，发布时第一时间读到`} />
  );
  return <InfiniteList query={query} itemKey={(e) => e.id} renderItem={(e) => <EssayCard essay={e} />} empty={empty} />;
}

/** A user's published texts: 全部 / 句子 / 美文, newest or hottest first; both choices live in the URL. */
export function AuthorEssays({ authorId, own }: { authorId: number; own: boolean }) {
  const kindChoice = useSearchParamChoice<Kind>('tab', KINDS, 'all');
  const [sort, setSort] = useSearchParamChoice<Sort>('sort', SORTS, 'new');
  return (
    <UrlTabs
      className="person-essays"
      choice={kindChoice}
      extra={
        <Segmented<Sort>
          aria-label="排序"
          value={sort}
          onChange={(v) => setSort(v)}
          options={[
            { label: '最新', value: 'new' },
            { label: '最热', value: 'hot' },
          ]}
        />
      }
      items={KINDS.map((k) => ({
        key: k,
        label: KIND_LABEL[k],
        children: <EssayList authorId={authorId} kind={k} sort={sort} own={own} />,
      }))}
    />
  );
}
