import { useQuery } from '@tanstack/react-query';
import { textTitle } from '@shiju/contract/pages';
import { Link } from 'react-router';
import { challengeQueries, challengeName, challengeWindow } from '../../../challenges/index.js';
import { essayHref } from '../../../../lib/links.js';

/**
 * 每周仿写 beside the week's best: the challenge that closed in the week shown (or, on the latest view, the last
 * one closed), with its winners as fixed at the close. Nothing when there is none.
 */
export function ChallengeWinners({ week }: { week?: string }) {
  const query = useQuery(challengeQueries.closed(week));
  const c = query.data?.list[0];
  if (!c) return null;
  return (
    <section className="discovery-box panel best-week__challenge" aria-label="每周仿写获奖作品">
      <h2 className="discovery-box__title">每周仿写 · 获奖作品</h2>
      <p className="best-week__challenge-name">
        <Link to={`/imitative?challenge=${c.id}`}>{challengeName(c)}</Link>
        <span className="best-week__challenge-when">{challengeWindow(c)}</span>
      </p>
      {c.winners.length ? (
        <ol className="best-week__winners">
          {c.winners.map((w) => (
            <li key={w.essay.id} data-rank={w.rank}>
              <span className="best-week__winner-rank" aria-label={`第 ${w.rank} 名`}>
                {w.rank}
              </span>
              <div>
                <Link to={essayHref(w.essay.id)} className="best-week__winner-title serif">
                  {textTitle(w.essay)}
                </Link>
                <span className="best-week__winner-by">
                  {w.essay.author.nickname} · {w.votes} 个有效的赞
                </span>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p>这一期没有产生获奖作品。</p>
      )}
      <Link to={`/imitative?challenge=${c.id}`}>看全部参赛作品 →</Link>
    </section>
  );
}
