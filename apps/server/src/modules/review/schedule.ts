/**
 * The review's scheduler: ts-fsrs with its default weights and retention, no fuzz (the same history and clock give
 * the same due date) and no same-day learning steps (the review comes once a day, so a card's next date is a day).
 * A card's state is always the replay of its answers, in answer order, from an empty card made when it was created,
 * so an answer that arrives late (made offline) lands in its place in the history.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { ReviewRating } from '@shiju/contract';

export const REVIEW_FSRS_PARAMETERS = generatorParameters({ enable_fuzz: false, enable_short_term: false });

export const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good };

/** The card ts-fsrs makes of this history: answers in the order they were made. */
export function replay(createdAt: Date, answers: readonly { rating: ReviewRating; answeredAt: Date }[]): Card {
  const scheduler = fsrs(REVIEW_FSRS_PARAMETERS);
  let card = createEmptyCard(createdAt);
  for (const a of [...answers].sort((x, y) => x.answeredAt.getTime() - y.answeredAt.getTime()))
    card = scheduler.next(card, a.answeredAt, GRADES[a.rating]).card;
  return card;
}
