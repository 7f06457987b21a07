/**
 * Statements of a merge (merge.ts): each table that points at texts, moved from the merged text to the kept one.
 * Where a table allows one row per person (or folder, viewer and hour) and text, a row the kept text already has is
 * dropped instead of moved, so a reader who liked both counts once.
 */
import { and, eq, exists, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import {
  attributionEvidence,
  collectionFolders,
  collectionItems,
  collects,
  comments,
  disputedLines,
  essayAliases,
  essays,
  essayViews,
  highlightPassageReaders,
  highlightPassages,
  highlights,
  importedEngagement,
  likes,
  messages,
  notes,
  rankingEntries,
  reviewCards,
  uninterested,
} from '../../db/schema.js';

type Cols = Record<string, PgColumn>;

/**
 * Moves the rows of `table` from text `from` to `into`, except those whose `keys` the kept text already has, which are
 * deleted. Answers how many moved and how many were dropped as the same row twice.
 */
async function moveUnique(tx: Tx, table: PgTable, keys: string[], from: number, into: number) {
  const t = table as unknown as Cols;
  const other = alias(table, 'merge_other') as unknown as Cols;
  const sameKeys: SQL[] = keys.map((k) => eq(other[k]!, t[k]!));
  const moved = await tx
    .update(table)
    .set({ essayId: into } as never)
    .where(
      and(
        eq(t.essayId!, from),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(other as unknown as PgTable)
            .where(and(eq(other.essayId!, into), ...sameKeys)),
        ),
      ),
    )
    .returning({ essayId: t.essayId! });
  const dropped = await tx.delete(table).where(eq(t.essayId!, from)).returning({ essayId: t.essayId! });
  return { moved: moved.length, dropped: dropped.length };
}

/** Rows that simply follow the text (no one-per-text rule). */
async function moveAll(tx: Tx, table: PgTable, from: number, into: number) {
  const t = table as unknown as Cols;
  const rows = await tx
    .update(table)
    .set({ essayId: into } as never)
    .where(eq(t.essayId!, from))
    .returning({ essayId: t.essayId! });
  return rows.length;
}

async function deleteOf(tx: Tx, table: PgTable, from: number) {
  const t = table as unknown as Cols;
  return (await tx.delete(table).where(eq(t.essayId!, from)).returning({ essayId: t.essayId! })).length;
}

/** The weight the merged text's likes add to the kept one (those that move; a reader's second like does not). */
export async function movedLikeWeight(tx: Tx, from: number, into: number) {
  const o = alias(likes, 'merge_other');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, w: sql<number>`coalesce(sum(${likes.weight}), 0)::float8` })
    .from(likes)
    .where(
      and(
        eq(likes.essayId, from),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(o)
            .where(and(eq(o.essayId, into), eq(o.userId, likes.userId))),
        ),
      ),
    );
  return row!;
}

/** Row counts of the merged text's likes and collects (the counters may hold more: imported engagement). */
export async function reactionRows(tx: Tx, id: number) {
  const [l] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(eq(likes.essayId, id));
  const [c] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(collects)
    .where(eq(collects.essayId, id));
  return { likes: l!.n, collects: c!.n };
}

export const moveLikes = (tx: Tx, from: number, into: number) => moveUnique(tx, likes, ['userId'], from, into);
export const moveCollects = (tx: Tx, from: number, into: number) => moveUnique(tx, collects, ['userId'], from, into);
export const moveUninterested = (tx: Tx, from: number, into: number) => moveUnique(tx, uninterested, ['userId'], from, into);
export const moveViews = (tx: Tx, from: number, into: number) => moveUnique(tx, essayViews, ['viewerKey', 'hour'], from, into);
export const moveImportedEngagement = (tx: Tx, from: number, into: number) => moveUnique(tx, importedEngagement, ['at'], from, into);
/** A reader's review card of a collected text is keyed by the text: one per reader and text stays. */
export async function moveReviewCards(tx: Tx, from: number, into: number) {
  const rc2 = alias(reviewCards, 'rc2');
  const collected = await tx
    .delete(reviewCards)
    .where(
      and(
        eq(reviewCards.essayId, from),
        eq(reviewCards.source, 'collect'),
        exists(
          tx
            .select({ one: sql`1` })
            .from(rc2)
            .where(and(eq(rc2.userId, reviewCards.userId), eq(rc2.source, 'collect'), eq(rc2.essayId, into))),
        ),
      ),
    )
    .returning({ id: reviewCards.id });
  const moved = await tx
    .update(reviewCards)
    .set({ essayId: into, sourceId: sql`case when ${reviewCards.source} = 'collect' then ${into} else ${reviewCards.sourceId} end` })
    .where(eq(reviewCards.essayId, from))
    .returning({ id: reviewCards.id });
  return { moved: moved.length, dropped: collected.length };
}

/** Items of a 收藏夹 move; a folder holding both keeps one, and its count is recounted. */
export async function moveCollectionItems(tx: Tx, from: number, into: number) {
  const folders = (await tx.select({ id: collectionItems.folderId }).from(collectionItems).where(eq(collectionItems.essayId, from))).map(
    (r) => r.id,
  );
  const result = await moveUnique(tx, collectionItems, ['folderId'], from, into);
  if (folders.length > 0)
    await tx
      .update(collectionFolders)
      .set({
        itemCount: sql`(select count(*)::int from ${collectionItems} where ${collectionItems.folderId} = ${collectionFolders.id})`,
      })
      .where(inArray(collectionFolders.id, folders));
  return result;
}

export const moveComments = (tx: Tx, from: number, into: number) => moveAll(tx, comments, from, into);
export const moveMessages = (tx: Tx, from: number, into: number) => moveAll(tx, messages, from, into);
export const moveNotes = (tx: Tx, from: number, into: number) => moveAll(tx, notes, from, into);
/** Evidence about an attribution is about the words, which the kept text holds; so is a disputed line. */
export const moveEvidence = (tx: Tx, from: number, into: number) => moveAll(tx, attributionEvidence, from, into);
export const moveDisputedLines = (tx: Tx, from: number, into: number) => moveAll(tx, disputedLines, from, into);
/** Imitations of the merged text published before the kept text: they cannot imitate a text younger than they are. */
export async function imitationsOlderThan(tx: Tx, from: number, into: number) {
  const rows = await tx
    .select({ id: essays.id })
    .from(essays)
    .where(and(eq(essays.imitateOf, from), sql`${essays.id} < ${into}`))
    .limit(1);
  return rows.length;
}
export const moveHighlights = (tx: Tx, from: number, into: number) => moveAll(tx, highlights, from, into);
/** Per-sentence highlight counts are the kept text's own, rebuilt from its highlights after the move. */
export async function dropHighlightCounts(tx: Tx, from: number) {
  return (await deleteOf(tx, highlightPassageReaders, from)) + (await deleteOf(tx, highlightPassages, from));
}
/** Rankings are recomputed by their job; the merged text leaves them now. */
export const dropRankingEntries = (tx: Tx, from: number) => deleteOf(tx, rankingEntries, from);

/** Imitations of the merged text become imitations of the kept one; answers how many of them are published. */
export async function moveImitations(tx: Tx, from: number, into: number) {
  const rows = await tx
    .update(essays)
    .set({ imitateOf: into })
    .where(eq(essays.imitateOf, from))
    .returning({ id: essays.id, status: essays.status });
  return { moved: rows.length, published: rows.filter((r) => r.status === 'published').length, ids: rows.map((r) => r.id) };
}

/** Texts merged into the merged one earlier now point at the kept one (one hop to the text that lives). */
export async function repointMerged(tx: Tx, from: number, into: number) {
  return (await tx.update(essays).set({ mergedInto: into }).where(eq(essays.mergedInto, from)).returning({ id: essays.id })).length;
}

/** The merged text's import key and its own aliases become aliases of the kept text. */
export async function moveAliases(tx: Tx, from: number, into: number, importKey: string | null) {
  const repointed = await tx
    .update(essayAliases)
    .set({ essayId: into })
    .where(eq(essayAliases.essayId, from))
    .returning({ k: essayAliases.importKey });
  if (importKey) {
    await tx.update(essays).set({ importKey: null }).where(eq(essays.id, from));
    await tx
      .insert(essayAliases)
      .values({ importKey, essayId: into })
      .onConflictDoUpdate({ target: essayAliases.importKey, set: { essayId: into } });
  }
  return repointed.length + (importKey ? 1 : 0);
}

/** The merged text is gone for good: it points at the kept one. */
export async function markMerged(tx: Tx, from: number, into: number) {
  await tx.update(essays).set({ mergedInto: into }).where(eq(essays.id, from));
}

/** The kept text's counters take what moved. */
export async function addCounts(
  tx: Tx,
  id: number,
  d: { likes: number; likeWeight: number; collects: number; comments: number; imitations: number; views: number },
) {
  await tx
    .update(essays)
    .set({
      likes: sql`${essays.likes} + ${d.likes}`,
      likeWeight: sql`${essays.likeWeight} + ${d.likeWeight}`,
      collects: sql`${essays.collects} + ${d.collects}`,
      comments: sql`${essays.comments} + ${d.comments}`,
      imitations: sql`${essays.imitations} + ${d.imitations}`,
      views: sql`${essays.views} + ${d.views}`,
    })
    .where(eq(essays.id, id));
}

/** The imitation chain above a text (what it imitates, and what that imitates…), at most `depth` steps. */
export async function imitationChain(tx: Tx, id: number, depth = 50): Promise<number[]> {
  const chain: number[] = [];
  let at: number | null = id;
  for (let i = 0; i < depth && at !== null; i++) {
    const rows: { up: number | null }[] = await tx.select({ up: essays.imitateOf }).from(essays).where(eq(essays.id, at)).limit(1);
    at = rows[0]?.up ?? null;
    if (at !== null) {
      if (chain.includes(at)) break;
      chain.push(at);
    }
  }
  return chain;
}

/** Locks both texts for the merge (in id order, so two merges never wait on each other). */
export async function lockPair(tx: Tx, a: number, b: number) {
  const rows = await tx
    .select()
    .from(essays)
    .where(inArray(essays.id, [a, b]))
    .orderBy(essays.id)
    .for('update');
  return { from: rows.find((r) => r.id === a) ?? null, into: rows.find((r) => r.id === b) ?? null };
}
