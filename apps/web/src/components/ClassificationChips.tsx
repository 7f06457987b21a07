import { Link } from 'react-router';
import { useClassifications } from '../hooks/useClassifications.js';
import { formatCount } from '../lib/format.js';
import { QueryState } from './QueryState.js';

/**
 * Every classification as a chip linking to its page; `activeId` marks the current one. An empty classification
 * says it waits for its first text instead of showing 0.
 */
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
                title={c.essayCount > 0 ? c.description : `${c.description}（还没有作品，欢迎写下第一篇）`}
              >
                {c.name}
                <span className="chip__count">{c.essayCount > 0 ? formatCount(c.essayCount) : '待首篇'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
