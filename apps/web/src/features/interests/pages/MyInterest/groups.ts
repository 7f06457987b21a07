import type { Tag } from '@shiju/contract';

/** A first-level tag with its second-level tags, as the interest picker shows them. */
export interface TagGroup {
  parent: Tag;
  children: Tag[];
}

/** Index letters in the order the server groups tags: A–Z, then #. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];

/**
 * Regroups the letter index (every tag, grouped A–Z then #) by first level: each first-level tag, in letter
 * order, with its children. A child whose parent is missing from the index stands as a group of its own.
 */
export function groupByFirstLevel(letterGroups: ReadonlyArray<{ letter: string; tags: Tag[] }>): TagGroup[] {
  const all = letterGroups.flatMap((g) => g.tags);
  const firstLevel = all.filter((t) => t.parentId === null);
  const known = new Set(firstLevel.map((t) => t.id));
  const children = new Map<number, Tag[]>();
  for (const t of all) {
    if (t.parentId === null) continue;
    if (!known.has(t.parentId)) continue;
    const list = children.get(t.parentId) ?? [];
    list.push(t);
    children.set(t.parentId, list);
  }
  const orphans = all.filter((t) => t.parentId !== null && !known.has(t.parentId));
  return [
    ...firstLevel.map((parent) => ({ parent, children: children.get(parent.id) ?? [] })),
    ...orphans.map((parent) => ({ parent, children: [] })),
  ];
}

/** Groups whose first-level tag or any child matches `term`; in a match by child, only matching children show. */
export function filterGroups(groups: TagGroup[], term: string): TagGroup[] {
  const t = term.trim().toLowerCase();
  if (!t) return groups;
  const hit = (tag: Tag) => tag.name.toLowerCase().includes(t);
  return groups.flatMap((g) => {
    if (hit(g.parent)) return [g];
    const children = g.children.filter(hit);
    return children.length ? [{ parent: g.parent, children }] : [];
  });
}

/** Index letter of a group (its first-level tag's pinyin initial; anything else counts as #). */
export function letterOf(group: TagGroup): string {
  const l = group.parent.letter.toUpperCase();
  return INDEX_LETTERS.includes(l) ? l : '#';
}
