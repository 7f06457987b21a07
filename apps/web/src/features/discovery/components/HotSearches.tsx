import { Link } from 'react-router';
import './discovery.css';
import { classificationQueries } from '../../classifications/index.js';
import { discoveryQueries } from '../api/discovery.js';
import { useQuery, type QueryClient } from '@tanstack/react-query';

const MAX_TITLE_CHARS = 12;
const TITLES = 6;
const TAGS = 8;
/** This week's ranking, for its titles. */
const weekRanking = () => ({ ...discoveryQueries.rankingTop('week', 20), staleTime: 5 * 60_000 });

/** The answers HotSearches draws from (the server prerenders the search page with them). */
export function prefetchHotSearches(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(discoveryQueries.hotSearches()),
    client.prefetchQuery(weekRanking()),
    client.prefetchQuery(classificationQueries.letters()),
  ]);
}

function searchHref(term: string): string {
  return `/globalSearch?q=${encodeURIComponent(term)}`;
}

function Terms({ label, terms }: { label: string; terms: string[] }) {
  if (terms.length === 0) return null;
  return (
    <div className="hot-searches__group">
      <span className="hot-searches__label">{label}</span>
      <ul className="hot-searches__terms">
        {terms.map((t) => (
          <li key={t}>
            <Link to={searchHref(t)} className="hot-searches__term">
              {t}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Searches worth trying: what readers search most (counts only), titles from this week's ranking and the biggest
 * first-level tags. Shown before the first search and when a search finds nothing.
 */
export function HotSearches() {
  const counted = useQuery(discoveryQueries.hotSearches());
  const ranking = useQuery(weekRanking());
  const letters = useQuery(classificationQueries.letters());

  const titles = [
    ...new Set(
      (ranking.data?.list ?? []).map((e) => e.title?.trim() ?? '').filter((t) => t.length > 0 && Array.from(t).length <= MAX_TITLE_CHARS),
    ),
  ].slice(0, TITLES);
  const tags = (letters.data ?? [])
    .flatMap((g) => g.tags)
    .filter((t) => t.parentId === null)
    .sort((a, b) => b.essayCount - a.essayCount)
    .slice(0, TAGS)
    .map((t) => t.name);

  const searched = (counted.data?.list ?? []).map((s) => s.query).slice(0, TITLES);
  if (searched.length === 0 && titles.length === 0 && tags.length === 0) return null;
  return (
    <section className="hot-searches" aria-label="热门搜索">
      <Terms label="大家在搜" terms={searched} />
      <Terms label="热门作品" terms={titles} />
      <Terms label="热门标签" terms={tags} />
    </section>
  );
}
