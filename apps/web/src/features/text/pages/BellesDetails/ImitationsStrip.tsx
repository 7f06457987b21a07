import { Link } from 'react-router';
import { imitateHref } from '../../../../lib/links.js';
import { MiniEssayCard } from '../../../essays/index.js';
import { ListSkeleton } from '../../../../components/InfiniteList.js';
import { formatCount } from '../../../../lib/format.js';
import { essayQueries } from '../../../essays/index.js';
import { useQuery } from '@tanstack/react-query';
import { RouterButton } from '../../../../components/RouterButton.js';

export const IMITATIONS_SHOWN = 8;
const SHOWN = IMITATIONS_SHOWN;

/** Imitations of this text, side by side, with the way to write one more. */
export function ImitationsStrip({ id }: { id: number }) {
  const query = useQuery(essayQueries.imitations(id, SHOWN));
  const list = query.data?.list ?? [];
  // List totals may lag a few seconds behind a new imitation (the server caches them); the list itself does not.
  const total = Math.max(query.data?.total ?? 0, list.length);
  return (
    <section className="details-section imitations" aria-label="仿写">
      <header className="details-section__head">
        <h2 className="details-section__title">
          仿写 <span className="comments__count">{formatCount(total)}</span>
        </h2>
        <Link to={imitateHref(id)}>{total > SHOWN ? `查看全部 ${total} 篇仿写` : '我也来仿写'}</Link>
      </header>
      {query.isPending ? (
        <ListSkeleton count={1} />
      ) : total === 0 ? (
        <p className="details-section__empty">
          还没有人仿写这段文字。
          <RouterButton to={imitateHref(id)} type="link" size="small">
            来写第一篇
          </RouterButton>
        </p>
      ) : (
        <div className="strip">
          {list.map((e) => (
            <MiniEssayCard key={e.id} essay={e} />
          ))}
        </div>
      )}
    </section>
  );
}
