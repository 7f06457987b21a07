import type { Tag } from '@shiju/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { toastInfo } from '../../../api/index.js';
import { classificationQueries } from '../../../api/queries/index.js';
import { useQuery } from '@tanstack/react-query';

export const MAX_TAGS = 10;

interface Props {
  classificationId?: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
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

/** Searchable tag picker over both levels of the chosen classification's tags (at most 10). */
export function TagPicker({ classificationId, value = [], onChange }: Props) {
  const letters = useQuery({ ...classificationQueries.letters(classificationId), enabled: classificationId !== undefined });
  const tree = useMemo(() => buildTagTree((letters.data ?? []).flatMap((g) => g.tags)), [letters.data]);
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
