/**
 * Where review cards come from. Each source lists the (source id, text) pairs a reader may review and says the
 * words of a card; the review syncs every source into cards once a day: collected sentences, and the reader's
 * highlights (source id = the highlight's id, words = the passage; a removed or lost highlight leaves the review).
 */
import type { ReviewSource } from '@shiju/contract';
import type { Exec } from '../../db/client.js';
import { collectedLines, collectedWords, highlightedLines, highlightedWords } from './queries.js';

export interface CardSource {
  kind: ReviewSource;
  /** What the reader may review now: each item's own id and the text it belongs to (deleting the text drops it). */
  items: (db: Exec, userId: number) => Promise<{ sourceId: number; essayId: number }[]>;
  /** The line and 出处 of each of these items, by source id. */
  words: (db: Exec, sourceIds: number[]) => Promise<Map<number, { text: string; credit: string | null }>>;
}

/** The 收藏夹 source: collected sentences and short lines (the text's id is the item's id). */
export const collectSource: CardSource = { kind: 'collect', items: collectedLines, words: collectedWords };

/** The 划线 source: the passages the reader marked in published texts. */
export const highlightSource: CardSource = { kind: 'highlight', items: highlightedLines, words: highlightedWords };

/** Every source a review draws from. */
export const CARD_SOURCES: readonly CardSource[] = [collectSource, highlightSource];
