/** Statements of 每日回顾: settings, cards and their ts-fsrs state, answers, and each day's set. */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Card } from 'ts-fsrs';
import type { Db, Exec } from '../../db/client.js';
import { columnName } from '../../db/names.js';
import {
  collectionFolders,
  collectionItems,
  essays,
  highlights,
  reviewAnswers,
  reviewCards,
  reviewDays,
  reviewSettings,
} from '../../db/schema.js';

export type CardRow = typeof reviewCards.$inferSelect;
export type AnswerRow = typeof reviewAnswers.$inferSelect;
type Source = CardRow['source'];

export async function settingsOf(db: Exec, userId: number) {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.userId, userId));
  return row ?? null;
}

export async function saveSettings(db: Exec, userId: number, enabled: boolean, dailyCards: number) {
  await db
    .insert(reviewSettings)
    .values({ userId, enabled, dailyCards })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { enabled, dailyCards, updatedAt: sql`now()` } });
}

/** The longest collected text that still makes a card: a sentence or a short line, not a whole poem or essay. */
export const REVIEW_LINE_CHARS = 120;

/** The collected sentences and short lines of a reader (the 收藏夹 source): the text is the source's own id. */
export async function collectedLines(db: Exec, userId: number) {
  const rows = await db
    .selectDistinct({ essayId: collectionItems.essayId })
    .from(collectionItems)
    .innerJoin(collectionFolders, eq(collectionFolders.id, collectionItems.folderId))
    .innerJoin(essays, eq(essays.id, collectionItems.essayId))
    .where(
      and(
        eq(collectionFolders.userId, userId),
        eq(essays.status, 'published'),
        eq(essays.type, 'sentence'),
        sql`char_length(${essays.content}) <= ${REVIEW_LINE_CHARS}`,
      ),
    );
  return rows.map((r) => ({ sourceId: r.essayId, essayId: r.essayId }));
}

/** The words of collected texts' cards: the sentence and its 出处. */
export async function collectedWords(db: Exec, essayIds: number[]) {
  if (!essayIds.length) return new Map<number, { text: string; credit: string | null }>();
  const rows = await db
    .select({ id: essays.id, text: essays.content, credit: essays.source })
    .from(essays)
    .where(inArray(essays.id, essayIds));
  return new Map(rows.map((r) => [r.id, { text: r.text, credit: r.credit }]));
}

/** A reader's highlights that still stand in a published text (the 划线 source): the highlight is the item. */
export async function highlightedLines(db: Exec, userId: number) {
  const rows = await db
    .select({ sourceId: highlights.id, essayId: highlights.essayId })
    .from(highlights)
    .innerJoin(essays, eq(essays.id, highlights.essayId))
    .where(and(eq(highlights.userId, userId), eq(highlights.anchorLost, false), eq(essays.status, 'published')));
  return rows;
}

/** The words of highlight cards: the passage, and the text it comes from (李白《静夜思》, or the source named). */
export async function highlightedWords(db: Exec, ids: number[]) {
  if (!ids.length) return new Map<number, { text: string; credit: string | null }>();
  const rows = await db
    .select({ id: highlights.id, text: highlights.quote, author: essays.workAuthor, title: essays.title, source: essays.source })
    .from(highlights)
    .innerJoin(essays, eq(essays.id, highlights.essayId))
    .where(inArray(highlights.id, ids));
  return new Map(rows.map((r) => [r.id, { text: r.text, credit: r.title ? `${r.author ?? ''}《${r.title}》` : (r.source ?? r.author) }]));
}

/** Makes a new card for each item the reader does not have one for yet, and drops the cards of items gone. */
export async function syncCards(db: Exec, userId: number, source: Source, items: { sourceId: number; essayId: number }[], now: Date) {
  if (items.length)
    await db
      .insert(reviewCards)
      .values(items.map((i) => ({ userId, source, sourceId: i.sourceId, essayId: i.essayId, due: now, createdAt: now })))
      .onConflictDoNothing();
  const keep = items.map((i) => i.sourceId);
  await db
    .delete(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        eq(reviewCards.source, source),
        keep.length ? sql`${reviewCards.sourceId} <> all(${`{${keep.join(',')}}`}::int[])` : undefined,
      ),
    );
}

/** The cards ts-fsrs wants before the day ends, whose texts are still published: reviews first by due, then new ones. */
export async function dueCards(db: Exec, userId: number, before: Date, limit: number) {
  const rows = await db
    .select({ id: reviewCards.id })
    .from(reviewCards)
    .innerJoin(essays, and(eq(essays.id, reviewCards.essayId), eq(essays.status, 'published')))
    .where(and(eq(reviewCards.userId, userId), lt(reviewCards.due, before)))
    .orderBy(sql`${reviewCards.state} = 0`, asc(reviewCards.due), asc(reviewCards.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function dayOf(db: Exec, userId: number, day: string) {
  const [row] = await db
    .select()
    .from(reviewDays)
    .where(and(eq(reviewDays.userId, userId), eq(reviewDays.day, day)));
  return row ?? null;
}

/** Fixes a day's set; a set another request fixed first stays (and is answered). */
export async function fixDay(db: Exec, userId: number, day: string, cardIds: number[]) {
  await db.insert(reviewDays).values({ userId, day, cardIds }).onConflictDoNothing();
  return (await dayOf(db, userId, day))!;
}

/** The latest day before `day` the reader had a set for. */
export async function lastDayBefore(db: Exec, userId: number, day: string) {
  const [row] = await db
    .select({ day: reviewDays.day })
    .from(reviewDays)
    .where(and(eq(reviewDays.userId, userId), lt(reviewDays.day, day)))
    .orderBy(desc(reviewDays.day))
    .limit(1);
  return row?.day ?? null;
}

/** These cards of the reader's, whose texts are still published, with the day's answer. */
export async function cardsForDay(db: Exec, userId: number, ids: number[], day: string) {
  if (!ids.length) return [];
  return db
    .select({ card: reviewCards, rating: reviewAnswers.rating })
    .from(reviewCards)
    .innerJoin(essays, and(eq(essays.id, reviewCards.essayId), eq(essays.status, 'published')))
    .leftJoin(reviewAnswers, and(eq(reviewAnswers.cardId, reviewCards.id), eq(reviewAnswers.day, day)))
    .where(and(eq(reviewCards.userId, userId), inArray(reviewCards.id, ids)));
}

export async function cardOf(db: Exec, id: number) {
  const [row] = await db.select().from(reviewCards).where(eq(reviewCards.id, id));
  return row ?? null;
}

/** Records an answer; for a card already answered that day, the later answer (by answer time) wins. */
export async function putAnswer(db: Exec, a: Pick<AnswerRow, 'cardId' | 'day' | 'rating' | 'mode' | 'answeredAt'>) {
  const res = await db
    .insert(reviewAnswers)
    .values(a)
    .onConflictDoUpdate({
      target: [reviewAnswers.cardId, reviewAnswers.day],
      set: { rating: a.rating, mode: a.mode, answeredAt: a.answeredAt },
      setWhere: sql`${reviewAnswers.answeredAt} < excluded.answered_at`,
    })
    .returning({ cardId: reviewAnswers.cardId });
  return res.length > 0;
}

export function answersOf(db: Exec, cardId: number) {
  return db.select().from(reviewAnswers).where(eq(reviewAnswers.cardId, cardId)).orderBy(asc(reviewAnswers.answeredAt));
}

export async function saveState(db: Exec, id: number, c: Card) {
  await db
    .update(reviewCards)
    .set({
      due: c.due,
      stability: c.stability,
      difficulty: c.difficulty,
      elapsedDays: c.elapsed_days,
      scheduledDays: c.scheduled_days,
      learningSteps: c.learning_steps,
      reps: c.reps,
      lapses: c.lapses,
      state: c.state,
      lastReview: c.last_review ?? null,
    })
    .where(eq(reviewCards.id, id));
}

/** Recounts a day's answers from its set (a card gone since keeps nothing, the count the answers kept). */
export async function recountDay(db: Exec, userId: number, day: string) {
  await db.execute(sql`update ${reviewDays} set ${columnName(reviewDays.answered)} = greatest(${reviewDays.answered}, (
      select count(*) from ${reviewAnswers} join ${reviewCards} on ${reviewCards.id} = ${reviewAnswers.cardId}
      where ${reviewCards.userId} = ${userId} and ${reviewAnswers.day} = ${day}))
    where ${reviewDays.userId} = ${userId} and ${reviewDays.day} = ${day}`);
}

/** Days since `since` with at least one answer, and how many. */
export function answeredDays(db: Db, userId: number, since: string) {
  return db
    .select({ day: reviewDays.day, count: reviewDays.answered })
    .from(reviewDays)
    .where(and(eq(reviewDays.userId, userId), gte(reviewDays.day, since), sql`${reviewDays.answered} > 0`))
    .orderBy(asc(reviewDays.day));
}

/** For the data export: the settings, the cards (with their schedule) and the days. */
export async function exportReview(db: Exec, userId: number) {
  return {
    settings: await settingsOf(db, userId),
    cards: await db
      .select({
        essayId: reviewCards.essayId,
        source: reviewCards.source,
        due: reviewCards.due,
        reps: reviewCards.reps,
        lapses: reviewCards.lapses,
        lastReview: reviewCards.lastReview,
      })
      .from(reviewCards)
      .where(eq(reviewCards.userId, userId)),
    days: await db
      .select({ day: reviewDays.day, answered: reviewDays.answered })
      .from(reviewDays)
      .where(eq(reviewDays.userId, userId))
      .orderBy(asc(reviewDays.day)),
  };
}

/** For account deletion. */
export async function dropReviewOf(db: Exec, userId: number) {
  await db.delete(reviewCards).where(eq(reviewCards.userId, userId));
  await db.delete(reviewDays).where(eq(reviewDays.userId, userId));
  await db.delete(reviewSettings).where(eq(reviewSettings.userId, userId));
}
