import { erasOf } from '@shiju/contract/dynasties';
import { Link } from 'react-router';

interface Props {
  essay: { workAuthor: string | null; dynasty: string | null; provenance?: string | null; ownWork: boolean };
}

/** An author's page (the era named, so a homonym's page is the one meant) and a dynasty's. */
const authorHref = (name: string, dynasty: string | null) =>
  `/author?name=${encodeURIComponent(name)}${dynasty ? `&dynasty=${encodeURIComponent(dynasty)}` : ''}`;
const dynastyHref = (dynasty: string) => `/author?dynasty=${encodeURIComponent(dynasty)}`;

/**
 * 作者 · 朝代 · 出处 of a quoted or imported text (李白 · 唐 · 唐诗三百首·五言绝句), the author and the dynasty linking to
 * their pages; nothing for the writer's own words or a text that names none of them.
 */
export function WorkLine({ essay }: Props) {
  if (essay.ownWork) return null;
  const { workAuthor, dynasty } = essay;
  const provenance = essay.provenance ?? null;
  if (!workAuthor && !dynasty && !provenance) return null;
  const knownEra = dynasty !== null && erasOf(dynasty) !== null;
  return (
    <dl className="work-line">
      {workAuthor ? (
        <div className="work-line__item">
          <dt>作者</dt>
          <dd>
            <Link to={authorHref(workAuthor, dynasty)}>{workAuthor}</Link>
          </dd>
        </div>
      ) : null}
      {dynasty ? (
        <div className="work-line__item">
          <dt>朝代</dt>
          <dd>{knownEra ? <Link to={dynastyHref(dynasty)}>{dynasty}</Link> : dynasty}</dd>
        </div>
      ) : null}
      {provenance ? (
        <div className="work-line__item">
          <dt>出处</dt>
          <dd>
            <cite>{provenance}</cite>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
