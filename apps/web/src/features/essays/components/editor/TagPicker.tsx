import type { Tag, TagBrief } from '@shiju/contract';
import { TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { toastInfo } from '../../../../api/index.js';
import { classificationQueries } from '../../../classifications/index.js';
import { useDebounced } from '../../../../hooks/useDebounced.js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const MAX_TAGS = 10;

/** How long typing 作者 or 出处 must pause before the offered tags are asked for again. */
const QUOTE_DEBOUNCE_MS = 400;

interface Props {
  classificationId?: number;
  /** Whom and what the text quotes: collection tags (唐诗, 楚辞…) are offered only for a quote from them. */
  quote?: { workAuthor?: string; workTitle?: string };
  /** Tags the text already has, shown even when no longer offered (an old text keeps its tags). */
  known?: readonly TagBrief[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Told of picked tags dropped because this text can no longer carry them, before onChange. */
  onDropStale?: (ids: number[]) => void;
}

interface Node {
  value: number;
  title: string;
  /** Searched too: the pinyin initial, so "S" finds 宋词 and 思乡. */
  letter: string;
  children?: Node[];
}

/** First-level tags with their second-level tags under them, from the A–Z index of one classification. */
export function buildTagTree(tags: Tag[]): Node[] {
  const parents = new Map<number, Node>();
  for (const t of tags) if (t.parentId === null) parents.set(t.id, { value: t.id, title: t.name, letter: t.letter, children: [] });
  const loose: Node[] = [];
  for (const t of tags) {
    if (t.parentId === null) continue;
    const node = { value: t.id, title: t.name, letter: t.letter };
    const parent = parents.get(t.parentId);
    if (parent) parent.children!.push(node);
    else loose.push(node);
  }
  return [...parents.values()].sort((a, b) => a.letter.localeCompare(b.letter)).concat(loose);
}

const NO_TAGS: readonly TagBrief[] = [];

/** The tags of the offer, and those the text has that it no longer holds, after them. */
function withKnown(offered: Tag[], value: readonly number[], known: readonly TagBrief[]): Tag[] {
  const have = new Set(offered.map((t) => t.id));
  const kept = known.filter((t) => value.includes(t.id) && !have.has(t.id)).map((t) => ({ ...t, parentId: null, sort: 0, essayCount: 0 }));
  return [...offered, ...kept];
}

/**
 * Searchable tag picker over both levels of the tags the server offers a text of the chosen classification (at most
 * 10): theme tags, and collection tags only for a quote from that collection.
 */
export function TagPicker({ classificationId, quote = {}, known = NO_TAGS, value = [], onChange, onDropStale }: Props) {
  const workAuthor = useDebounced(quote.workAuthor?.trim() || undefined, QUOTE_DEBOUNCE_MS);
  const workTitle = useDebounced(quote.workTitle?.trim() || undefined, QUOTE_DEBOUNCE_MS);
  const letters = useQuery({
    ...classificationQueries.offered(classificationId ?? 0, { workAuthor, workTitle }),
    enabled: classificationId !== undefined,
    placeholderData: keepPreviousData,
  });
  const offered = useMemo(() => (letters.data ?? []).flatMap((g) => g.tags), [letters.data]);
  const tree = useMemo(() => buildTagTree(withKnown(offered, value, known)), [offered, value, known]);
  // A tag picked for a quote that changed since (唐诗 for 李白, then the author cleared) is no longer offered: dropped.
  const stale =
    letters.data && !letters.isPlaceholderData
      ? value.filter((id) => !offered.some((t) => t.id === id) && !known.some((t) => t.id === id))
      : [];
  useEffect(() => {
    if (!stale.length) return;
    onDropStale?.(stale);
    onChange?.(value.filter((id) => !stale.includes(id)));
  }, [stale.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps -- runs when the stale set changes
  return (
    <TreeSelect<number[]>
      multiple
      showSearch
      allowClear
      treeDefaultExpandAll={false}
      treeNodeFilterProp="title"
      filterTreeNode={(input, node) => {
        const n = node as unknown as Node;
        const q = input.trim().toLowerCase();
        return n.title.includes(input.trim()) || n.letter.toLowerCase() === q;
      }}
      placeholder={classificationId ? '搜索或选择标签（可选，最多 10 个）' : '请先选择分类'}
      disabled={!classificationId}
      loading={letters.isFetching}
      treeData={tree}
      value={value}
      onChange={(ids) => {
        if (ids.length > MAX_TAGS) {
          toastInfo(`最多选择 ${MAX_TAGS} 个标签`);
          return;
        }
        onChange?.(ids);
      }}
      notFoundContent="没有找到这个标签"
      style={{ width: '100%' }}
      popupMatchSelectWidth
      aria-label="标签"
    />
  );
}
