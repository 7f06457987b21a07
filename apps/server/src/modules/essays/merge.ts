/**
 * Merging duplicates (docs/duplicates.md): an editor keeps one text and merges the other into it. Everything readers did with
 * the merged text moves to the kept one (a reader who liked both counts once), its counters follow, its import key
 * becomes an alias, its address answers with the kept text (`mergedInto`), both posters are told, and the audit log
 * records what moved. The merged text stays as a deleted row pointing at the kept one.
 */
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import { audited, type Actor } from '../audit/index.js';
import { dropSignature, settlePairsOf } from '../duplicates/index.js';
import { dropConflictMember } from '../conflicts/index.js';
import { reanchorHighlights } from '../highlights/index.js';
import { notify } from '../messages/index.js';
import { reanchorNotes } from '../notes/index.js';
import * as m from './mergeQueries.js';
import { refreshHotScore } from './queries.js';
import { removeEssayInTx } from './service.js';

/**
 * What a merge does with each foreign key to texts (`table.column`): test/duplicates.test.ts lists every foreign key
 * to `essays` in the database and fails when one is missing here.
 */
export const MERGE_HANDLES: Record<string, string> = {
  'likes.essay_id': 'moved; a reader who liked both keeps one like',
  'collects.essay_id': 'moved; one per reader',
  'uninterested.essay_id': 'moved; one per reader',
  'collection_items.essay_id': 'moved; one per folder, folder counts recounted',
  'comments.essay_id': 'moved',
  'notes.essay_id': 'moved and re-anchored on the kept text',
  'highlights.essay_id': 'moved and re-anchored on the kept text',
  'highlight_passages.essay_id': 'dropped; rebuilt from the moved highlights',
  'highlight_passage_readers.essay_id': 'dropped; rebuilt from the moved highlights',
  'review_cards.essay_id': 'moved; one collect card per reader',
  'essay_views.essay_id': 'moved; one per viewer and hour',
  'imported_engagement.essay_id': 'moved; one per moment',
  'messages.essay_id': 'moved (notifications link the kept text)',
  'ranking_entries.essay_id': 'dropped; the rankings job recomputes',
  'best_week_entries.essay_id': 'kept with the merged text (a past week stays as it was)',
  'essay_tags.essay_id': 'kept with the merged text (the kept text keeps its own tags)',
  'essays.imitate_of': 'moved: its imitations imitate the kept text',
  'essays.merged_into': 'texts merged into it point at the kept text',
  'essay_aliases.essay_id': 'moved, and its import key added',
  'text_signatures.essay_id': 'dropped (it is no longer matched)',
  'duplicate_pairs.essay_id': 'settled (status merged)',
  'duplicate_pairs.match_id': 'settled (status merged)',
  'imitation_scores.essay_id': "kept with the merged text (the coach's scores of its own words)",
  'challenges.original_id': 'kept (a challenge stays on the text it was set on)',
  'challenge_entries.essay_id': 'kept with the merged text (a closed challenge stays as it was)',
  'attribution_evidence.essay_id': 'moved (evidence is about the words the kept text holds)',
  'disputed_lines.essay_id': 'moved',
  'attribution_conflict_members.essay_id': 'dropped (the kept text stays in its own); an open conflict left with one author is dropped',
};

const named = (e: { title: string | null; summary: string }) => `《${e.title ?? e.summary.slice(0, 20)}》`;

export async function mergeEssays(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, fromId: number, intoId: number) {
  if (fromId === intoId) throw invalid('into 不能把作品合并到它自己');
  const result = await audited(
    db,
    actor,
    (r: { moved: Record<string, number> }) => ({
      action: 'essay.merge',
      targetType: 'essay',
      targetId: fromId,
      summary: { into: intoId, moved: r.moved },
    }),
    async (tx) => {
      const { from, into } = await m.lockPair(tx, fromId, intoId);
      if (!from || from.status === 'deleted') throw notFound('要合并的作品不存在或已删除');
      if (!into || into.status === 'deleted' || into.mergedInto !== null) throw invalid('into 保留的作品不存在或已删除');
      if ((await m.imitationChain(tx, intoId)).includes(fromId) || (await m.imitationChain(tx, fromId)).includes(intoId))
        throw invalid('into 不能合并作品与它自己的仿写');
      // An imitation always imitates an older text (essays_imitates_older_ck): it cannot move to a younger kept text.
      if (await m.imitationsOlderThan(tx, fromId, intoId)) throw invalid('into 被合并作品的仿写早于保留的作品，请保留较早的一篇');
      const surplus = await m.reactionRows(tx, fromId);
      const weight = await m.movedLikeWeight(tx, fromId, intoId);
      const moved: Record<string, number> = {};
      const likes = await m.moveLikes(tx, fromId, intoId);
      const collects = await m.moveCollects(tx, fromId, intoId);
      moved.likes = likes.moved;
      moved.collects = collects.moved;
      moved.uninterested = (await m.moveUninterested(tx, fromId, intoId)).moved;
      moved.collectionItems = (await m.moveCollectionItems(tx, fromId, intoId)).moved;
      moved.comments = await m.moveComments(tx, fromId, intoId);
      moved.notes = await m.moveNotes(tx, fromId, intoId);
      moved.evidence = await m.moveEvidence(tx, fromId, intoId);
      moved.disputedLines = await m.moveDisputedLines(tx, fromId, intoId);
      moved.highlights = await m.moveHighlights(tx, fromId, intoId);
      await m.dropHighlightCounts(tx, fromId);
      moved.reviewCards = (await m.moveReviewCards(tx, fromId, intoId)).moved;
      moved.views = (await m.moveViews(tx, fromId, intoId)).moved;
      moved.engagement = (await m.moveImportedEngagement(tx, fromId, intoId)).moved;
      moved.messages = await m.moveMessages(tx, fromId, intoId);
      await m.dropRankingEntries(tx, fromId);
      const imitations = await m.moveImitations(tx, fromId, intoId);
      moved.imitations = imitations.moved;
      moved.merged = await m.repointMerged(tx, fromId, intoId);
      moved.aliases = await m.moveAliases(tx, fromId, intoId, from.importKey);
      await dropSignature(tx, fromId);
      await settlePairsOf(tx, fromId);
      await dropConflictMember(tx, fromId);
      // The merged text leaves the site (its counts with it), then points at the kept one.
      await removeEssayInTx(tx, from);
      await m.markMerged(tx, fromId, intoId);
      // Counters: the rows that moved, and what the merged text's counters held beyond its rows (imported engagement).
      await m.addCounts(tx, intoId, {
        likes: likes.moved + Math.max(0, from.likes - surplus.likes),
        likeWeight: weight.w + Math.max(0, from.likes - surplus.likes),
        collects: collects.moved + Math.max(0, from.collects - surplus.collects),
        comments: from.comments,
        imitations: imitations.published,
        views: from.views,
      });
      await refreshHotScore(tx, intoId);
      const text = { type: into.type, content: into.content };
      await reanchorNotes(tx, intoId, text);
      await reanchorHighlights(tx, intoId, text);
      const told = `${named(from)}与${named(into)}内容重复，编辑已将其合并到${named(into)}，喜欢、收藏、评论与划线都已保留。`;
      await notify(tx, { userId: into.authorId, type: 'system', actorId: null, essayId: intoId, content: told });
      if (from.authorId !== into.authorId)
        await notify(tx, { userId: from.authorId, type: 'system', actorId: null, essayId: intoId, content: told });
      return { moved, imitationIds: imitations.ids, imitateOf: from.imitateOf };
    },
  );
  forgetEssay(broadcast, fromId, true);
  forgetEssay(broadcast, intoId, true);
  if (result.imitateOf) forgetEssay(broadcast, result.imitateOf);
  for (const id of result.imitationIds) forgetEssay(broadcast, id);
  return { kept: intoId, merged: fromId, moved: result.moved };
}
