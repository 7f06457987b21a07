import type { ImitationNode } from '@shiju/contract';

/** A node of the family tree with the imitations of it that the answer holds. */
export interface TreeItem extends ImitationNode {
  children: TreeItem[];
}

/** The answer's flat nodes as the asked text's children, each with theirs, in the answer's order. */
export function nestNodes(rootId: number, nodes: ImitationNode[]): TreeItem[] {
  const items = new Map<number, TreeItem>(nodes.map((n) => [n.id, { ...n, children: [] }]));
  const top: TreeItem[] = [];
  for (const n of nodes) {
    const item = items.get(n.id)!;
    if (n.parentId === rootId) top.push(item);
    else items.get(n.parentId)?.children.push(item);
  }
  return top;
}
