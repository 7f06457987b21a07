import type { CallData, Tag } from '@shiju/contract';
import { useState } from 'react';
import { useTagIndex } from './useTagIndex.js';
import { classificationQueries } from '../../../classifications/index.js';
import { useQuery } from '@tanstack/react-query';

function TagRow({ tags, activeId, onPick, allLabel }: { tags: Tag[]; activeId?: number; onPick: (id?: number) => void; allLabel: string }) {
  return (
    <ul className="tag-row">
      <li>
        <button
          type="button"
          className={activeId === undefined ? 'tag is-active' : 'tag'}
          aria-pressed={activeId === undefined}
          onClick={() => onPick(undefined)}
        >
          {allLabel}
        </button>
      </li>
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
 * The first-level tag whose row of second-level tags shows: the chosen tag's parent, or the chosen tag itself when it
 * is a first-level one. A tag the A–Z index does not know (yet) is a first-level one when the first row has it, else
 * the one the reader last picked there.
 */
export function shownParent(
  tagId: number | undefined,
  firstTags: Tag[],
  index: CallData<'tagLetters'> | undefined,
  picked?: number,
): number | undefined {
  if (tagId === undefined) return undefined;
  const current = index?.flatMap((g) => g.tags).find((t) => t.id === tagId);
  if (current) return current.parentId ?? current.id;
  return firstTags.some((t) => t.id === tagId) ? tagId : picked;
}

/**
 * First-level tags of the classification and, under the chosen one, its second-level tags. The tag that
 * filters the list lives in the URL (`tagId`); a second-level tag finds its parent through the A–Z index,
 * so an address with any tag opens with the right rows chosen.
 */
export function TagRows({ classificationId, tagId, setTag }: { classificationId: number; tagId?: number; setTag: (id?: number) => void }) {
  const [pickedParent, setPickedParent] = useState<number | undefined>();
  const first = useQuery(classificationQueries.tags(classificationId));
  const index = useTagIndex(classificationId);
  const firstTags = first.data?.list ?? [];
  const parentId = shownParent(tagId, firstTags, index.data, pickedParent);
  const second = useQuery({ ...classificationQueries.secondLevelTags(parentId ?? 0), enabled: parentId !== undefined });

  if (firstTags.length === 0) return null;
  return (
    <div className="tag-rows">
      <TagRow
        tags={firstTags}
        activeId={parentId}
        allLabel="全部"
        onPick={(id) => {
          setPickedParent(id);
          setTag(id);
        }}
      />
      {parentId !== undefined && second.data && second.data.list.length > 0 ? (
        <TagRow
          tags={second.data.list}
          activeId={tagId === parentId ? undefined : tagId}
          allLabel="不限"
          onPick={(id) => setTag(id ?? parentId)}
        />
      ) : null}
    </div>
  );
}
