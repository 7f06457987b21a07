import { describe, expect, it } from 'vitest';
import type { ImitationNode } from '@shiju/contract';
import { nestNodes } from './nest.js';

const node = (id: number, parentId: number, depth: number): ImitationNode => ({
  id,
  parentId,
  depth,
  type: 'sentence',
  title: null,
  text: `第${id}句`,
  author: { id: 1, nickname: '甲', avatar: null },
  publishedAt: '2026-01-01T00:00:00.000Z',
  likes: 0,
  childTotal: 0,
  diff: null,
});

describe('nestNodes', () => {
  it('hangs each node under its parent, keeping the answer’s order', () => {
    const top = nestNodes(1, [node(2, 1, 1), node(3, 1, 1), node(4, 2, 2), node(5, 4, 3), node(6, 2, 2)]);
    expect(top.map((n) => n.id)).toEqual([2, 3]);
    expect(top[0]!.children.map((n) => n.id)).toEqual([4, 6]);
    expect(top[0]!.children[0]!.children.map((n) => n.id)).toEqual([5]);
    expect(top[1]!.children).toEqual([]);
  });
});
