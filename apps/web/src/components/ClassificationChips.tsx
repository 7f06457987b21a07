import { Link } from 'react-router';
import { useClassifications } from '../hooks/useClassifications.js';
import { formatCount } from '../lib/format.js';
import { QueryState } from './QueryState.js';

/** Every classification as a chip linking to its page; `activeId` marks the current one. */
export function ClassificationChips({ activeId }: { activeId?: number }) {
  const query = useClassifications();
  return (
    <QueryState query={query} compact isEmpty={(d) => d.list.length === 0} empty={<p className="muted">还没有分类</p>}>
      {(d) => (
        <ul className="chips">
          {d.list.map((c) => (
            <li key={c.id}>
              <Link
                to={`/classifyDetails?id=${c.id}`}
                className={c.id === activeId ? 'chip is-active' : 'chip'}
                aria-current={c.id === activeId ? 'page' : undefined}
                title={c.description}
              >
                {c.name}
                <span className="chip__count">{formatCount(c.essayCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
