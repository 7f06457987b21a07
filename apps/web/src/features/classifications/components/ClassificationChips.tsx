import { Link } from 'react-router';
import { useClassifications } from '../api/useClassifications.js';
import { formatCount } from '../../../lib/format.js';
import { QueryState } from '../../../components/QueryState.js';

/**
 * Classifications as chips linking to their pages, each with its count; `activeId` marks the current one. With
 * `hideEmpty` (首页) a classification without texts is left out; elsewhere it shows its name alone, and its own page
 * says it has none.
 */
export function ClassificationChips({ activeId, hideEmpty = false }: { activeId?: number; hideEmpty?: boolean }) {
  const query = useClassifications();
  return (
    <QueryState query={query} compact isEmpty={(d) => d.list.length === 0} empty={<p className="muted">还没有分类</p>}>
      {(d) => (
        <ul className="chips">
          {d.list
            .filter((c) => !hideEmpty || c.essayCount > 0)
            .map((c) => (
              <li key={c.id}>
                <Link
                  to={`/classifyDetails?id=${c.id}`}
                  className={c.id === activeId ? 'chip is-active' : 'chip'}
                  aria-current={c.id === activeId ? 'page' : undefined}
                  title={c.description || undefined}
                >
                  {c.name}
                  {c.essayCount > 0 ? <span className="chip__count">{formatCount(c.essayCount)}</span> : null}
                </Link>
              </li>
            ))}
        </ul>
      )}
    </QueryState>
  );
}
