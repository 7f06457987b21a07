import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard } from '../../../essays/index.js';
import { InfiniteList, ListSkeleton } from '../../../../components/InfiniteList.js';
import { UserRow, peopleQueries } from '../../../people/index.js';

const PAGE_SIZE = 10;

/** People worth following, for an empty 关注 tab: the most followed writers the reader does not follow yet. */
function Suggestions() {
  const query = useQuery(peopleQueries.suggested());
  if (query.isPending) return <ListSkeleton count={2} />;
  const people = query.data ?? [];
  return (
    <div className="following-empty">
      <EmptyState description="你还没有关注任何人，或者 TA 们最近没有发布新作品。关注几位作者，他们的新作会出现在这里" />
      {people.length ? (
        <section className="panel following-empty__people" aria-label="推荐关注">
          <h3 className="following-empty__title">可能想关注的人</h3>
          {people.map((u) => (
            <UserRow key={u.id} user={{ ...u, isFollowing: false, followsMe: false }} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** 关注: newest texts of the people the reader follows, paged by the server's cursor. */
export default function FollowingFeed() {
  const query = useInfiniteQuery(peopleQueries.following(PAGE_SIZE));
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p.list).filter((e) => !seen.has(e.id) && seen.add(e.id));
  }, [pages]);
  return (
    <InfiniteList
      query={{ ...query, items }}
      itemKey={(e) => e.id}
      renderItem={(e) => <EssayCard essay={e} />}
      empty={<Suggestions />}
      endText="—— 关注的人的新作就这些了 ——"
    />
  );
}
