/**
 * The family tree of a text's imitations (docs/imitations.md): who imitated it, who imitated them, with a
 * word-level diff of each text against the one it imitates. Only published texts appear, without the texts of
 * people the reader blocked; a text that does not appear takes its imitations out of the tree with it.
 */
import { diffArrays } from 'diff';
import { IMITATION_TREE, type CallData, type CallParsed, type DiffPart, type ImitationNode } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { cutWords } from '../../lib/search.js';
import type { UserRow } from '../users/index.js';
import * as tq from './treeQueries.js';

/** Beyond this many word edits a diff says nothing a reader can use: the two texts are shown as they are. */
const MAX_DIFF_EDITS = 120;

/** Word-level changes from `from` to `to` (jieba's words), adjacent words of one kind joined; null when too different. */
export function wordDiff(from: string, to: string): DiffPart[] | null {
  const changes = diffArrays(cutWords(from), cutWords(to), { maxEditLength: MAX_DIFF_EDITS });
  if (!changes) return null;
  const parts: DiffPart[] = [];
  for (const c of changes) {
    const op = c.added ? 'add' : c.removed ? 'del' : 'same';
    const text = c.value.join('');
    if (!text) continue;
    const last = parts[parts.length - 1];
    if (last?.op === op) last.text += text;
    else parts.push({ op, text });
  }
  return parts;
}

const iso = (t: Date | string) => new Date(t).toISOString();

function presentNode(r: tq.NodeRow, parentText: string | null): ImitationNode {
  return {
    id: r.id,
    parentId: r.parent_id,
    depth: r.depth,
    type: r.type,
    title: r.title,
    text: r.body,
    author: { id: r.author_id, nickname: r.author_nickname, avatar: r.author_avatar },
    publishedAt: iso(r.published_at),
    likes: r.likes,
    childTotal: r.child_total,
    diff: parentText === null ? null : wordDiff(parentText, r.body),
  };
}

/**
 * `depth` generations of the visible imitations below a published text, the asked page of its own imitations and the
 * first page of each one's (IMITATION_TREE); over `listOver` descendants, a page of all of them as a list.
 */
export async function imitationTree(
  db: Db,
  id: number,
  query: CallParsed<'imitationTree'>['query'],
  viewer: UserRow | null,
  blocksSomeone: boolean,
): Promise<CallData<'imitationTree'>> {
  const v: tq.TreeViewer = { blockerId: viewer && blocksSomeone ? viewer.id : null };
  const root = await tq.treeRoot(db, id, v);
  if (!root) throw notFound('作品不存在或未发布');
  const pageSize = IMITATION_TREE.childrenPerPage;
  const offset = (query.pageNum - 1) * pageSize;
  const size = await tq.treeSize(db, id, v, IMITATION_TREE.listOver + 1);
  const answer = { rootId: id, size, pageNum: query.pageNum, pageSize };
  if (size > IMITATION_TREE.listOver) {
    const { total, rows } = await tq.descendantsPage(db, id, v, offset, pageSize);
    return { ...answer, mode: 'list', total, nodes: rows.map((r) => presentNode(r, r.parent_body ?? null)) };
  }
  const texts = new Map<number, string>([[id, root.body]]);
  const nodes: ImitationNode[] = [];
  let parents = [id];
  for (let depth = 1; depth <= query.depth && parents.length; depth++) {
    const rows = await tq.childrenOf(db, parents, v, depth === 1 ? offset : 0, pageSize);
    for (const r of rows) {
      texts.set(r.id, r.body);
      nodes.push(presentNode({ ...r, depth }, texts.get(r.parent_id) ?? null));
    }
    parents = rows.filter((r) => r.child_total > 0).map((r) => r.id);
  }
  return { ...answer, mode: 'tree', total: root.child_total, nodes };
}
