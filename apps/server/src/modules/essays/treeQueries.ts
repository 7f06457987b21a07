/**
 * The family tree of imitations (tree.ts): a text's visible descendants through `imitate_of`. The column only ever
 * points at an older text (the check `essays_imitates_older_ck`), so every walk down the tree ends.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { names } from '../../db/names.js';
import { essays, users } from '../../db/schema.js';
import { notBlockedBy } from '../users/index.js';

// n a node, k its children (counted), pe a node's parent (list mode), u a node's writer.
const n = names(alias(essays, 'n'));
const k = names(alias(essays, 'k'));
const pe = names(alias(essays, 'pe'));
const u = names(alias(users, 'u'));

/** Who reads the tree: their blocks hide the blocked people's texts, and everything below them. */
export interface TreeViewer {
  /** The signed-in reader who blocked someone; null for visitors and readers who blocked nobody. */
  blockerId: number | null;
}

/** A text of the tree may be shown: published, and not by someone the reader blocked. */
function visible(t: typeof n | typeof k, v: TreeViewer): SQL {
  return v.blockerId ? sql`${t.status} = 'published' and ${notBlockedBy(v.blockerId, t.authorId)}` : sql`${t.status} = 'published'`;
}

/** What the tree shows of a text: a sentence's words, a 美文's summary. */
const shownText = (t: typeof n | typeof pe) => sql`case when ${t.type} = 'sentence' then ${t.content} else ${t.summary} end`;

export interface NodeRow {
  id: number;
  parent_id: number;
  depth: number;
  type: 'sentence' | 'essay';
  title: string | null;
  body: string;
  likes: number;
  published_at: Date | string;
  author_id: number;
  author_nickname: string;
  author_avatar: string | null;
  child_total: number;
  /** List mode: the parent's shown text, for the diff. */
  parent_body?: string | null;
}

const NODE_COLUMNS = sql`${n.id} as id, ${n.imitateOf} as parent_id, ${n.type} as type, ${n.title} as title, ${shownText(n)} as body,
  ${n.likes} as likes, ${n.publishedAt} as published_at, ${n.authorId} as author_id`;

/** The visible imitations of a text, counted. */
const childCount = (parent: SQL, v: TreeViewer) =>
  sql`(select count(*) from ${k} where ${k.imitateOf} = ${parent} and ${visible(k, v)})::int`;

/** The asked text's shown text and how many visible imitations it has; null when it is not published. */
export async function treeRoot(db: Db, id: number, v: TreeViewer) {
  const [r] = await rowsOf<{ body: string; child_total: number }>(
    db,
    sql`select ${shownText(n)} as body, ${childCount(n.id, v)} as child_total from ${n} where ${n.id} = ${id} and ${n.status} = 'published'`,
  );
  return r ?? null;
}

/** The visible descendants of a text at any depth (node_id, depth), as a recursive walk down `imitate_of`. */
function descendants(rootId: number, v: TreeViewer): SQL {
  return sql`with recursive tree(node_id, depth) as (
      select ${n.id}, 1 from ${n} where ${n.imitateOf} = ${rootId} and ${visible(n, v)}
      union all
      select ${n.id}, tree.depth + 1 from tree join ${n} on ${n.imitateOf} = tree.node_id where ${visible(n, v)}
    )`;
}

/** How many visible descendants a text has, counting no further than `cap` (the walk stops there). */
export async function treeSize(db: Db, rootId: number, v: TreeViewer, cap: number): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`${descendants(rootId, v)} select count(*)::int as n from (select 1 from tree limit ${cap}) capped`,
  );
  return Number(r?.n ?? 0);
}

/**
 * One generation of the tree: the visible imitations of each of `parents`, `limit` of each after the first `offset`
 * (oldest first), each with its writer and how many visible imitations it has in turn.
 */
export async function childrenOf(
  db: Db,
  parents: number[],
  v: TreeViewer,
  offset: number,
  limit: number,
): Promise<Omit<NodeRow, 'depth'>[]> {
  if (!parents.length) return [];
  const ids = sql.join(
    parents.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<Omit<NodeRow, 'depth'>>(
    db,
    sql`select ${NODE_COLUMNS}, ${u.nickname} as author_nickname, ${u.avatar} as author_avatar, ${childCount(n.id, v)} as child_total
      from (
        select ${n.id} as node_id, row_number() over (partition by ${n.imitateOf} order by ${n.publishedAt}, ${n.id}) as rn
        from ${n} where ${n.imitateOf} in (${ids}) and ${visible(n, v)}
      ) x
      join ${n} on ${n.id} = x.node_id
      join ${u} on ${u.id} = ${n.authorId}
      where x.rn > ${offset} and x.rn <= ${offset + limit}
      order by ${n.imitateOf}, x.rn`,
  );
  return rows;
}

/**
 * A page of every visible descendant of a big tree, generation by generation (then oldest first, by id), each with its
 * parent's shown text for the diff; and how many there are.
 */
export async function descendantsPage(db: Db, rootId: number, v: TreeViewer, offset: number, limit: number) {
  const rows = await rowsOf<NodeRow & { total: number }>(
    db,
    sql`${descendants(rootId, v)},
      counted as (select count(*)::int as total from tree),
      walked as (select tree.node_id, tree.depth from tree order by tree.depth, tree.node_id limit ${limit} offset ${offset})
      select ${NODE_COLUMNS}, walked.depth as depth, ${u.nickname} as author_nickname, ${u.avatar} as author_avatar,
        ${childCount(n.id, v)} as child_total, ${shownText(pe)} as parent_body, counted.total as total
      from counted
      left join walked on true
      left join ${n} on ${n.id} = walked.node_id
      left join ${u} on ${u.id} = ${n.authorId}
      left join ${pe} on ${pe.id} = ${n.imitateOf}
      order by walked.depth, walked.node_id`,
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null) };
}
