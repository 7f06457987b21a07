import { useMemo, useState } from 'react';
import { QueryState } from '../../../../components/QueryState.js';
import { RequireSignIn } from '../../../../components/RequireSignIn.js';
import { FeedPreview } from './FeedPreview.js';
import { groupByFirstLevel } from './groups.js';
import { InterestEditor, MIN_INTERESTS } from './InterestEditor.js';
import './MyInterest.css';
import { classificationQueries } from '../../../classifications/index.js';
import { interestQueries } from '../../api/interests.js';
import { useQuery } from '@tanstack/react-query';

function Interests() {
  const letters = useQuery(classificationQueries.letters());
  const mine = useQuery(interestQueries.mine());
  const [saves, setSaves] = useState(0);
  const groups = useMemo(() => groupByFirstLevel(letters.data ?? []), [letters.data]);
  const saved = mine.data?.tagIds ?? [];

  return (
    <div className="page my-interest">
      <header className="discovery-head">
        <h1 className="page__title">我的兴趣</h1>
        <p className="page__lead">
          选出至少 {MIN_INTERESTS}{' '}
          个感兴趣的标签，首页的“为你推荐”就会按它们为你挑选内容。选一级标签（如“宋词”）会连同它下面的标签一起推荐。
        </p>
      </header>
      <QueryState query={letters} skeletonRows={10} isEmpty={() => groups.length === 0}>
        {() => (
          <QueryState query={mine} skeletonRows={4}>
            {(m) => <InterestEditor groups={groups} saved={m.tagIds} onSaved={() => setSaves((n) => n + 1)} />}
          </QueryState>
        )}
      </QueryState>
      {saved.length > 0 ? <FeedPreview focus={saves} /> : null}
    </div>
  );
}

export default function MyInterest() {
  return (
    <RequireSignIn what="我的兴趣">
      <Interests />
    </RequireSignIn>
  );
}
