import type { Tag } from '@shiju/contract';
import { describe, expect, it } from 'vitest';
import { filterGroups, groupByFirstLevel, letterOf } from './groups.js';

const tag = (id: number, name: string, letter: string, parentId: number | null = null): Tag => ({
  id,
  name,
  letter,
  parentId,
  sort: 0,
  essayCount: 0,
});

const index = [
  { letter: 'A', tags: [tag(18, '爱情', 'A')] },
  { letter: 'L', tags: [tag(65, '李清照', 'L', 2), tag(99, '流浪', 'L', 404)] },
  { letter: 'S', tags: [tag(2, '宋词', 'S'), tag(54, '苏轼', 'S', 2)] },
];

describe('interest groups', () => {
  it('groups every tag under its first level, in letter order', () => {
    const groups = groupByFirstLevel(index);
    expect(groups.map((g) => [g.parent.name, g.children.map((c) => c.name)])).toEqual([
      ['爱情', []],
      ['宋词', ['李清照', '苏轼']],
      // A child without a known parent still gets shown.
      ['流浪', []],
    ]);
  });

  it('filters by name, keeping the group of a matching child', () => {
    const groups = groupByFirstLevel(index);
    expect(filterGroups(groups, '苏').map((g) => [g.parent.name, g.children.map((c) => c.name)])).toEqual([['宋词', ['苏轼']]]);
    expect(filterGroups(groups, '宋词')[0]!.children).toHaveLength(2);
    expect(filterGroups(groups, '  ')).toBe(groups);
    expect(filterGroups(groups, '不存在')).toEqual([]);
  });

  it('files odd letters under #', () => {
    expect(letterOf({ parent: tag(1, '1984', '#'), children: [] })).toBe('#');
    expect(letterOf({ parent: tag(1, '爱', 'a'), children: [] })).toBe('A');
  });
});
