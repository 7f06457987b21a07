import type { Essay } from '@shiju/contract';
import { creditLine, creditOf } from '@shiju/contract/credit';
import { Link } from 'react-router';
import { essayHref } from '../../../../lib/links.js';
import { ScoresLine } from '../../../coach/index.js';

/** On an imitation: the text it imitates, and the 仿写 coach's summary for whoever may see it. */
export function OriginalNote({ original, imitationId }: { original: Essay; imitationId: number }) {
  return (
    <aside className="original-note" aria-label="原文">
      <span className="original-note__label">仿写自</span>
      <Link to={essayHref(original.id)} className="original-note__text serif">
        {original.type === 'essay' && original.title ? `《${original.title}》` : original.summary}
      </Link>
      <span className="original-note__source">—— {creditLine(creditOf(original), original.workTitle)}</span>
      <ScoresLine id={imitationId} />
    </aside>
  );
}
