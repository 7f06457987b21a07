import {
  REVIEW_LIMITS,
  reviewDayEnd,
  reviewDayOf,
  type CallParsed,
  type ReviewCard,
  type ReviewRating,
  type ReviewToday,
} from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { AppError, invalid } from '../../http/errors.js';
import { allow } from '../limits/index.js';
import type { UserRow } from '../users/index.js';
import * as q from './queries.js';
import { replay } from './schedule.js';
import { CARD_SOURCES } from './sources.js';

export interface ReviewRuntime {
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** Sync calls a reader may make a minute (each may carry a batch of answers made offline). */
const SYNCS_PER_MINUTE = 60;

const dayShift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days in a row with answers, ending today, or yesterday while today has none yet. */
function streakOf(answered: Set<string>, today: string): number {
  let day = answered.has(today) ? today : dayShift(today, -1);
  let n = 0;
  while (answered.has(day)) {
    n++;
    day = dayShift(day, -1);
  }
  return n;
}

async function streak(db: Db, userId: number, today: string) {
  const rows = await q.answeredDays(db, userId, dayShift(today, -REVIEW_LIMITS.heatDays));
  return { rows, streak: streakOf(new Set(rows.map((r) => r.day)), today) };
}

/** The day's quota: the daily number, plus as many again for each day missed since the last review, at most 20. */
async function quotaFor(db: Db, userId: number, today: string, daily: number) {
  const last = await q.lastDayBefore(db, userId, today);
  const missed = last ? Math.max(0, Math.round((Date.parse(today) - Date.parse(last)) / DAY_MS) - 1) : 0;
  return Math.min(REVIEW_LIMITS.maxCards, daily * (1 + missed));
}

/** The cards of a day's set, in the set's order, with their words (cards whose text has gone are left out). */
async function present(db: Db, userId: number, ids: number[], day: string): Promise<ReviewCard[]> {
  const rows = await q.cardsForDay(db, userId, ids, day);
  const words = new Map<string, { text: string; credit: string | null }>();
  for (const source of CARD_SOURCES) {
    const mine = rows.filter((r) => r.card.source === source.kind).map((r) => r.card.sourceId);
    for (const [id, w] of await source.words(db, mine)) words.set(`${source.kind}:${id}`, w);
  }
  const byId = new Map(rows.map((r) => [r.card.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    const w = r && words.get(`${r.card.source}:${r.card.sourceId}`);
    if (!r || !w) return [];
    return [
      {
        id: r.card.id,
        source: r.card.source,
        essayId: r.card.essayId,
        text: w.text,
        credit: w.credit,
        answered: r.rating ?? null,
        due: r.card.due.toISOString(),
      },
    ];
  });
}

/**
 * Today's cards: the set is chosen at the first look of the day (every source synced into cards, the cards due
 * before midnight, reviews before new ones) and stays fixed for the day.
 */
export async function today(db: Db, rt: ReviewRuntime, me: UserRow): Promise<ReviewToday> {
  const now = rt.now();
  const day = reviewDayOf(now);
  const settings = await q.settingsOf(db, me.id);
  const { streak: s } = await streak(db, me.id, day);
  const dailyCards = settings?.dailyCards ?? REVIEW_LIMITS.dailyCards;
  if (!settings?.enabled) return { enabled: false, dailyCards, day, cards: [], streak: s };
  let set = await q.dayOf(db, me.id, day);
  if (!set) {
    for (const source of CARD_SOURCES) await q.syncCards(db, me.id, source.kind, await source.items(db, me.id), now);
    const quota = await quotaFor(db, me.id, day, dailyCards);
    set = await q.fixDay(db, me.id, day, await q.dueCards(db, me.id, reviewDayEnd(day), quota));
  }
  return { enabled: true, dailyCards, day, cards: await present(db, me.id, set.cardIds, day), streak: s };
}

export async function saveSettings(db: Db, me: UserRow, body: CallParsed<'reviewSettings'>['body']) {
  await q.saveSettings(db, me.id, body.enabled, body.dailyCards);
  return { enabled: body.enabled, dailyCards: body.dailyCards };
}

/**
 * Answers, one by one or a batch made offline. Each belongs to the Shanghai day it was made on and must be for a
 * card of that day's set; per card and day the last answer by answer time wins. The card's schedule is then the
 * replay of all its answers through ts-fsrs.
 */
export async function answer(db: Db, rt: ReviewRuntime, me: UserRow, body: CallParsed<'reviewAnswers'>['body']) {
  if (!(await allow(db, { key: `review:${me.id}`, windowMs: 60_000 }, SYNCS_PER_MINUTE))) throw new AppError('A0501');
  const now = rt.now();
  const checked: { card: q.CardRow; day: string; at: Date; rating: ReviewRating; mode: 'recall' | 'dictation' }[] = [];
  for (const [i, a] of body.answers.entries()) {
    const at = new Date(a.answeredAt);
    if (at.getTime() > now.getTime() + 60_000) throw invalid(`answers[${i}].answeredAt 不能晚于现在`);
    if (at.getTime() < now.getTime() - REVIEW_LIMITS.lateDays * DAY_MS)
      throw invalid(`answers[${i}].answeredAt 只能提交 ${REVIEW_LIMITS.lateDays} 天内的回答`);
    const card = await q.cardOf(db, a.cardId);
    if (!card || card.userId !== me.id) throw invalid(`answers[${i}].cardId 不是你的回顾卡片`);
    const day = reviewDayOf(at);
    const set = await q.dayOf(db, me.id, day);
    if (!set?.cardIds.includes(card.id)) throw invalid(`answers[${i}].cardId 不在 ${day} 的回顾中`);
    checked.push({ card, day, at, rating: a.rating, mode: a.mode });
  }
  const touched = new Map<number, q.CardRow>();
  const days = new Set<string>();
  await db.transaction(async (tx) => {
    for (const a of checked) {
      if (!(await q.putAnswer(tx, { cardId: a.card.id, day: a.day, rating: a.rating, mode: a.mode, answeredAt: a.at }))) continue;
      touched.set(a.card.id, a.card);
      days.add(a.day);
    }
    for (const card of touched.values()) await q.saveState(tx, card.id, replay(card.createdAt, await q.answersOf(tx, card.id)));
    for (const day of days) await q.recountDay(tx, me.id, day);
  });
  const day = reviewDayOf(now);
  const set = await q.dayOf(db, me.id, day);
  const { streak: s } = await streak(db, me.id, day);
  return { cards: set ? await present(db, me.id, set.cardIds, day) : [], streak: s };
}

export async function stats(db: Db, rt: ReviewRuntime, me: UserRow) {
  const day = reviewDayOf(rt.now());
  const settings = await q.settingsOf(db, me.id);
  const { rows, streak: s } = await streak(db, me.id, day);
  return { enabled: settings?.enabled ?? false, streak: s, days: rows };
}
