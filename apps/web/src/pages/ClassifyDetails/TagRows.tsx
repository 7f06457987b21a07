import type { Tag } from '@shiju/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/index.js';

function TagRow({ tags, activeId, onPick }: { tags: Tag[]; activeId?: number; onPick: (id?: number) => void }) {
  return (
    <ul className="tag-row">
      {tags.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            className={t.id === activeId ? 'tag is-active' : 'tag'}
            aria-pressed={t.id === activeId}
            onClick={() => onPick(t.id === activeId ? undefined : t.id)}
          >
            {t.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * First-level tags of the classification and, under the chosen one, its second-level tags. The tag that
 * filters the list lives in the URL (`tagId`); rows appear only when there are tags to show.
 */
export function TagRows({ classificationId, tagId }: { classificationId: number; tagId?: number }) {
  const [params, setParams] = useSearchParams();
  const [pickedParent, setPickedParent] = useState<number | undefined>();
  const first = useCall(
    'classificationTags',
    { query: { classificationId, pageNum: 1, pageSize: 50 } },
    { quietCodes: ['B0501', 'A0404'] },
  );
  const firstTags = first.data?.list ?? [];
  // A first-level tagId in the URL is its own parent; a second-level one keeps the parent picked before it.
  const parentId = firstTags.some((t) => t.id === tagId) ? tagId : tagId ? pickedParent : undefined;
  const second = useCall(
    'secondLevelTags',
    { query: { parentId: parentId ?? 0, pageNum: 1, pageSize: 50 } },
    { quietCodes: ['B0501'], enabled: parentId !== undefined },
  );

  const setTag = (id?: number) => {
    const next = new URLSearchParams(params);
    if (id) next.set('tagId', String(id));
    else next.delete('tagId');
    setParams(next, { replace: true });
  };

  if (firstTags.length === 0) return null;
  return (
    <div className="tag-rows">
      <TagRow
        tags={firstTags}
        activeId={parentId}
        onPick={(id) => {
          setPickedParent(id);
          setTag(id);
        }}
      />
      {parentId !== undefined && second.data && second.data.list.length > 0 ? (
        <TagRow tags={second.data.list} activeId={tagId} onPick={(id) => setTag(id ?? parentId)} />
      ) : null}
    </div>
  );
}
