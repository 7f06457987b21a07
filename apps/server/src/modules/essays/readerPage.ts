/**
 * A signed-in reader's page of a published list, made from the pages every visitor shares (the list cache) rather
 * than a statement of its own: the reader's list is the visitors' list less the texts they marked 不感兴趣, with
 * their likes and collects and the counters as they are now. One small statement per page (readerOverlay) finds
 * those marks, flags and counters; the shared pages answer the rest. A reader who blocked someone keeps the full
 * statement (their list loses whole authors).
 *
 * Offset pages: the reader's item i is the visitors' item i + (their marks sorting before it). With `before` marks
 * sorting before the shared page's first item, the reader's page starts `before` unmarked items into that page (the
 * shared page and, when it runs short, the next one). Cursor pages start at the cursor alike for everyone.
 */
import { sql } from 'drizzle-orm';
import type { Essay } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { exactTotal } from '../../lib/paging.js';
import * as q from './queries.js';

/** A shared page as the list cache keeps it: what visitors get, and each card's sort key (for a reader's cursor). */
export interface SharedPage {
  page: {
    list: Essay[];
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
  };
  keys: Array<string | number | null>;
}

/**
 * The positions in `items` of a reader's page: skip `skip` items not in `hidden`, then take `size` of them. Null
 * when `items` runs out first and the list goes on past it (`ended` false): the caller needs the next shared page.
 */
export function readerSlice(
  items: Array<{ id: number }>,
  hidden: Set<number>,
  skip: number,
  size: number,
  ended: boolean,
): number[] | null {
  const taken: number[] = [];
  let toSkip = skip;
  for (let i = 0; i < items.length && taken.length < size; i++) {
    if (hidden.has(items[i]!.id)) continue;
    if (toSkip > 0) toSkip -= 1;
    else taken.push(i);
  }
  return taken.length === size || ended ? taken : null;
}

interface Request {
  filter: q.ListFilter;
  pageSize: number;
  pageNum: number;
  /** The raw cursor the reader sent, if any. */
  cursor?: string;
}

type Next = { cursor: string } | { pageNum: number } | null;

/** The shared pages a reader's page is made from, from the list cache: `get` loads one, `peek` only looks. */
export interface SharedPages {
  get(next: Next): Promise<SharedPage>;
  peek(next: Next): SharedPage | undefined;
}

/**
 * The reader's page made from `first`, the shared page at the request that visitors keep, or null when their marks
 * push it past the two shared pages it may read (then the caller runs the list's own statement). `next` null is the
 * shared page at the request; otherwise the page after it.
 */
export async function readerPage(db: Db, req: Request, viewerId: number, first: SharedPage, shared: SharedPages) {
  const after: Next = first.page.nextCursor ? (req.cursor ? { cursor: first.page.nextCursor } : { pageNum: req.pageNum + 1 }) : null;
  // The page after, when it is kept already, joins the flags of the one statement (marks may need it).
  let second = after ? shared.peek(after) : undefined;
  const ids = [...first.page.list, ...(second?.page.list ?? [])].map((c) => c.id);
  const marks = await q.readerOverlay(db, req.filter, viewerId, ids, req.cursor ? null : (first.page.list[0]?.id ?? null));
  const endsAt = (p: SharedPage) => p.page.list.length < req.pageSize || !p.page.nextCursor;
  let items = first.page.list;
  let keys = first.keys;
  let picked = readerSlice(items, marks.hidden, marks.before, req.pageSize, endsAt(first));
  if (!picked && after) {
    if (!second) {
      second = await shared.get(after);
      const more = await q.readerMarks(
        db,
        viewerId,
        second.page.list.map((c) => c.id),
        sql`false`,
      );
      more.liked.forEach((id) => marks.liked.add(id));
      more.collected.forEach((id) => marks.collected.add(id));
      more.counts.forEach((c, id) => marks.counts.set(id, c));
    }
    items = [...items, ...second.page.list];
    keys = [...keys, ...second.keys];
    picked = readerSlice(items, marks.hidden, marks.before, req.pageSize, endsAt(second));
  }
  if (!picked) return null;
  const list = picked.map((i) => q.withMarks(items[i]!, marks));
  const lastAt = picked[picked.length - 1];
  const k = lastAt !== undefined && list.length === req.pageSize ? keys[lastAt] : null;
  const { total, totalCapped } = first.page;
  return {
    list,
    // "1000+" for everyone; otherwise the visitors' count less what this reader marked in the list.
    ...(totalCapped ? { total, totalCapped } : exactTotal(total - marks.hidden.size)),
    nextCursor: k !== null && k !== undefined ? q.encodeCursor({ k, id: list[list.length - 1]!.id }) : null,
  };
}
