import { Segmented } from 'antd';
import { useState } from 'react';
import { isApiError, useCall, useInfiniteList } from '../../api/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import { EssayCard } from '../../components/EssayCard.js';
import { InfiniteList } from '../../components/InfiniteList.js';
import { QueryState } from '../../components/QueryState.js';
import { Banner } from './Banner.js';
import { TagRows } from './TagRows.js';

type Sort = 'new' | 'hot' | 'likes';

const SORTS: Array<{ value: Sort; label: string }> = [
  { value: 'new', label: '最新' },
  { value: 'hot', label: '最热' },
  { value: 'likes', label: '最多喜欢' },
];

const PAGE_SIZE = 10;

export function ClassificationView({ id, tagId }: { id: number; tagId?: number }) {
  const [sort, setSort] = useState<Sort>('new');
  const detail = useCall('classificationDetail', { params: { id } }, { quietCodes: ['A0404'] });
  const list = useInfiniteList('essaysPage', (pageNum) => ({ body: { pageNum, pageSize: PAGE_SIZE, classificationId: id, tagId, sort } }), {
    quietCodes: ['B0501'],
  });

  if (isApiError(detail.error, 'A0404')) return <EmptyState description="这个分类不存在，换一个看看吧" />;

  return (
    <>
      <QueryState query={detail} skeletonRows={2}>
        {(c) => <Banner classification={c} />}
      </QueryState>
      <TagRows classificationId={id} tagId={tagId} />
      <div className="list-toolbar">
        <Segmented<Sort> options={SORTS} value={sort} onChange={setSort} aria-label="排序" />
      </div>
      <InfiniteList
        query={list}
        itemKey={(e) => e.id}
        renderItem={(e) => <EssayCard essay={e} />}
        empty={<EmptyState description="这里还空着，去写第一句？" />}
      />
    </>
  );
}
