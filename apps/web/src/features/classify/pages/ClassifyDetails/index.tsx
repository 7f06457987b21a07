import { ClassificationChips } from '../../../classifications/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useClassifications } from '../../../classifications/index.js';
import { ClassificationView } from './ClassificationView.js';
import { usePageSearchParams } from '../../../../lib/pageLocation.js';

/** A positive id from the query string (`id`, `tagId`), as the page reads it. */
export function parseId(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * One classification: banner, tags, sort and its list. Without `?id=` the first classification is shown.
 * Kept alive by the shell, so the chosen tag, sort, loaded pages and scroll survive a visit elsewhere.
 */
export default function ClassifyDetails() {
  const [params] = usePageSearchParams();
  const classifications = useClassifications();
  const id = parseId(params.get('id')) ?? classifications.data?.list[0]?.id;
  const tagId = parseId(params.get('tagId'));

  return (
    <div className="page page--wide">
      <nav className="classify-nav" aria-label="全部分类">
        <ClassificationChips activeId={id} />
      </nav>
      {id ? (
        // A different classification is a different page: fresh sort and scroll.
        <ClassificationView key={id} id={id} tagId={tagId} />
      ) : classifications.data ? (
        <EmptyState description="还没有分类" />
      ) : null}
    </div>
  );
}
