import { useState } from 'react';
import { isApiError } from '../../../../api/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, useEssayFeed, WriteButton } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { QueryState } from '../../../../components/QueryState.js';
import { Segmented } from '../../../../components/ui/Segmented.js';
import { Banner } from './Banner.js';
import { MuteButton } from '../../../mutes/index.js';
import { useTagIndex } from './useTagIndex.js';
import { LetterIndex } from './LetterIndex.js';
import { TagRows } from './TagRows.js';
import './classify.css';
import { classificationQueries } from '../../../classifications/index.js';
import { useQuery } from '@tanstack/react-query';
import { usePageSearchParams } from '../../../../lib/pageLocation.js';
import { useTitleName } from '../../../../lib/titleName.js';

export type Sort = 'new' | 'hot' | 'likes';

const SORTS: Array<{ value: Sort; label: string }> = [
  { value: 'new', label: '最新' },
  { value: 'hot', label: '最热' },
  { value: 'likes', label: '最多喜欢' },
];

const PAGE_SIZE = 10;
/** The sort a classification opens with. */
export const FIRST_SORT: Sort = 'new';

/** The texts of a classification (under a tag), as its list asks for them. */
export const classificationFeed = (id: number, tagId: number | undefined, sort: Sort) => ({
  pageSize: PAGE_SIZE,
  classificationId: id,
  tagId,
  sort,
});

/** 屏蔽 for the tag the list is filtered by. */
function TagMute({ classificationId, tagId }: { classificationId: number; tagId: number }) {
  const index = useTagIndex(classificationId);
  const tag = index.data?.flatMap((g) => g.tags).find((t) => t.id === tagId);
  return tag ? <MuteButton size="small" noun="标签" target={{ kind: 'tag', targetId: tag.id, label: tag.name }} /> : null;
}

export function ClassificationView({ id, tagId }: { id: number; tagId?: number }) {
  const [params, setParams] = usePageSearchParams();
  const [sort, setSort] = useState<Sort>(FIRST_SORT);
  const detail = useQuery(classificationQueries.detail(id));
  useTitleName(detail.data?.name);
  const list = useEssayFeed(classificationFeed(id, tagId, sort));

  const setTag = (next?: number) => {
    const p = new URLSearchParams(params);
    if (next) p.set('tagId', String(next));
    else p.delete('tagId');
    setParams(p, { replace: true });
  };

  if (isApiError(detail.error, 'A0404')) return <EmptyState description="这个分类不存在，换一个看看吧" />;
  // An empty classification: its banner says so and offers the one thing to do; no tags, sorts or empty list.
  if (detail.data?.essayCount === 0 && tagId === undefined) return <Banner classification={detail.data} />;

  return (
    <>
      <QueryState query={detail} skeletonRows={2}>
        {(c) => <Banner classification={c} />}
      </QueryState>
      <TagRows classificationId={id} tagId={tagId} setTag={setTag} />
      <div className="list-toolbar">
        <LetterIndex classificationId={id} tagId={tagId} onPick={setTag} />
        <div className="list-toolbar__end">
          {tagId !== undefined ? <TagMute classificationId={id} tagId={tagId} /> : null}
          <Segmented<Sort> size="middle" options={SORTS} value={sort} onChange={setSort} aria-label="排序" />
        </div>
      </div>
      <InfiniteList
        query={list}
        itemKey={(e) => e.id}
        renderItem={(e) => <EssayCard essay={e} />}
        empty={<EmptyState description="这里还空着，去写第一句？" action={<WriteButton classificationId={id} />} />}
        endText="—— 这个分类下的内容都在这里了 ——"
      />
    </>
  );
}
