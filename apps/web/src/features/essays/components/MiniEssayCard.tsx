import type { Essay } from '@shiju/contract';
import { creditName, creditOf } from '@shiju/contract/credit';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.js';
import { Icon } from '../../../components/ui/Icon.js';
import { HeartOutlined } from '../../../components/ui/icons.js';
import { essayHref } from '../../../lib/links.js';

/** A small card for strips and side lists: the text (or title), who it is credited to (creditOf) and likes. */
export function MiniEssayCard({ essay }: { essay: Essay }) {
  return (
    <Link to={essayHref(essay.id)} className={`mini-card mini-card--${essay.type}`} data-essay-id={essay.id}>
      {essay.type === 'essay' && essay.title ? <span className="mini-card__title serif">{essay.title}</span> : null}
      <span className="mini-card__text serif clamp clamp--3">{essay.summary}</span>
      <span className="mini-card__foot">
        <span className="mini-card__author">{creditName(creditOf(essay))}</span>
        <span>
          <Icon icon={HeartOutlined} /> {formatCount(essay.likes)}
        </span>
      </span>
    </Link>
  );
}
