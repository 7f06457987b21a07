import type { TagBrief } from '@shiju/contract';
import { MiniEssayCard } from '../../../essays/index.js';
import { essayQueries } from '../../../essays/index.js';
import { useQuery } from '@tanstack/react-query';

export const RELATED_SHOWN = 6;
const SHOWN = RELATED_SHOWN;

/** The most specific tag of a text: a second-level one if it has any. */
export function pickTag(tags: TagBrief[]): TagBrief | undefined {
  return tags.find((t) => t.parentId !== null) ?? tags[0];
}

/** The texts under that tag, hottest first (one more than shown: this one may be among them). */
export const relatedQuery = (tag: TagBrief | undefined) => essayQueries.page({ tagId: tag?.id, pageSize: SHOWN + 1, sort: 'hot' });

/** More texts under the same tag, hottest first, this one left out. */
export function RelatedTexts({ id, tags }: { id: number; tags: TagBrief[] }) {
  const tag = pickTag(tags);
  const query = useQuery({ ...relatedQuery(tag), enabled: !!tag });
  const list = (query.data?.list ?? []).filter((e) => e.id !== id).slice(0, SHOWN);
  if (!tag || list.length === 0) return null;
  return (
    <section className="details-section related" aria-label="相关推荐">
      <header className="details-section__head">
        <h2 className="details-section__title">同样关于“{tag.name}”</h2>
      </header>
      <div className="related__grid">
        {list.map((e) => (
          <MiniEssayCard key={e.id} essay={e} />
        ))}
      </div>
    </section>
  );
}
