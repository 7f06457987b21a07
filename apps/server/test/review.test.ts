/**
 * 每日回顾: a reader who opts in gets a few of their collected sentences a day, scheduled by ts-fsrs (忘了 = Again,
 * 模糊 = Hard, 记得 = Good). The due dates are ts-fsrs's for the same history and clock (checked by replaying the
 * history through ts-fsrs here), days end at midnight Asia/Shanghai, answers made offline arrive later and the last
 * by answer time wins, a deleted text leaves the review, and the schedule is in the database across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { REVIEW_LIMITS } from '@shiju/contract';
import { callAs, callUnchecked, createTestApp, type TestContext } from './helper.js';
import { makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { reviewCards } from '../src/db/schema.js';
import { buildApp } from '../src/app.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let writer: TestUser;
/** The app's clock, moved by the tests: 10:00 in Shanghai on 20 November 2026 to start. */
let now = new Date('2026-11-20T02:00:00Z');
const clock = () => now;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tx = await seedTaxonomy(t.database.db);
  writer = await makeUser(t.app);
});
afterAll(async () => t?.close());

/** A reader who collected `n` fresh sentences and opted in. */
async function readerWith(n: number, opts: { enable?: boolean } = {}) {
  const reader = await makeUser(t.app);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = (
      await publishText(t.app, writer, { content: `第${i + 1}句：山高月小，水落石出。${reader.user.id}`, classificationId: tx.meiju.id })
    ).id;
    await callAs(t.app, 'like', { body: { essayId: id, type: 'collect' } }, reader.token);
    ids.push(id);
  }
  if (opts.enable !== false) await callAs(t.app, 'reviewSettings', { body: { enabled: true } }, reader.token);
  return { reader, ids };
}
const todayOf = async (p: TestUser) => {
  const r = await callAs(t.app, 'reviewToday', {}, p.token);
  expect(r.code, r.msg).toBe('00000');
  return r.data;
};
const answer = (p: TestUser, answers: { cardId: number; rating: 'again' | 'hard' | 'good'; answeredAt: string }[]) =>
  callAs(t.app, 'reviewAnswers', { body: { answers } }, p.token);

/** ts-fsrs itself, with the parameters the review states (no fuzz, no same-day steps), over a history. */
function expected(createdAt: Date, history: { grade: Grade; at: Date }[]): Card {
  const f = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
  let card = createEmptyCard(createdAt);
  for (const h of history) card = f.next(card, h.at, h.grade).card;
  return card;
}
const cardRow = async (id: number) => (await t.database.db.select().from(reviewCards).where(eq(reviewCards.id, id)))[0]!;

describe('opting in', () => {
  it('needs a signed-in reader, is off until chosen, and checks its settings', async () => {
    expect((await callAs(t.app, 'reviewToday', {})).code).toBe('A0230');
    expect((await callAs(t.app, 'reviewAnswers', { body: { answers: [] } })).code).toBe('A0230');
    const { reader } = await readerWith(2, { enable: false });
    expect(await todayOf(reader)).toMatchObject({ enabled: false, dailyCards: REVIEW_LIMITS.dailyCards, cards: [] });
    for (const [body, field] of [
      [{ enabled: true, dailyCards: 0 }, 'dailyCards'],
      [{ enabled: true, dailyCards: REVIEW_LIMITS.maxCards + 1 }, 'dailyCards'],
      [{ enabled: 'yes' }, 'enabled'],
    ] as const) {
      const r = await callUnchecked(t.app, 'reviewSettings', { body }, reader.token);
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain(field);
    }
    const on = await callAs(t.app, 'reviewSettings', { body: { enabled: true } }, reader.token);
    expect(on.data).toEqual({ enabled: true, dailyCards: 5 });
    expect((await todayOf(reader)).cards).toHaveLength(2);
  });
});

describe('the day’s cards', () => {
  it('are 5 collected sentences a day, fixed for the day; long texts and essays are not cards', async () => {
    now = new Date('2026-11-20T02:00:00Z');
    const { reader, ids } = await readerWith(7);
    const essay = (
      await publishText(t.app, writer, {
        type: 'essay',
        title: '一篇长文',
        content: '<p>长文不是卡片。</p>',
        classificationId: tx.sanwen.id,
      })
    ).id;
    const long = (await publishText(t.app, writer, { content: '长'.repeat(200), classificationId: tx.meiju.id })).id;
    for (const id of [essay, long]) await callAs(t.app, 'like', { body: { essayId: id, type: 'collect' } }, reader.token);
    const first = await todayOf(reader);
    expect(first.day).toBe('2026-11-20');
    expect(first.cards).toHaveLength(5);
    for (const c of first.cards) {
      expect(ids).toContain(c.essayId);
      expect(c.text).toMatch(/山高月小/);
      expect(c.answered).toBeNull();
    }
    // The same five all day, even after collecting more.
    await callAs(t.app, 'like', { body: { essayId: ids[0]!, type: 'collect' } }, reader.token);
    now = new Date('2026-11-20T15:59:59Z');
    expect((await todayOf(reader)).cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id));
    // Midnight in Shanghai is 16:00 UTC: a new day, a new set.
    now = new Date('2026-11-20T16:00:00Z');
    const next = await todayOf(reader);
    expect(next.day).toBe('2026-11-21');
  });

  it('grow by the daily number for each missed day, at most 20', async () => {
    now = new Date('2026-11-01T02:00:00Z');
    const { reader } = await readerWith(25);
    expect((await todayOf(reader)).cards).toHaveLength(5);
    now = new Date(now.getTime() + 3 * DAY); // two days missed
    expect((await todayOf(reader)).cards).toHaveLength(15);
    now = new Date(now.getTime() + 10 * DAY);
    expect((await todayOf(reader)).cards).toHaveLength(20);
    await callAs(t.app, 'reviewSettings', { body: { enabled: true, dailyCards: 2 } }, reader.token);
    now = new Date(now.getTime() + DAY);
    expect((await todayOf(reader)).cards).toHaveLength(2);
  });
});

describe('answers and the schedule', () => {
  it('schedules each card as ts-fsrs does for the same history and clock, day after day', async () => {
    now = new Date('2026-10-01T01:00:00Z');
    const { reader } = await readerWith(1);
    const [card] = (await todayOf(reader)).cards;
    const created = (await cardRow(card!.id)).createdAt;
    const history: { grade: Grade; at: Date }[] = [];
    const ratings = ['good', 'hard', 'again', 'good', 'good', 'good'] as const;
    const grades = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good } as const;
    for (const rating of ratings) {
      // Come back on the day the card is due (it is in that day's set), answer mid-morning.
      const today = await todayOf(reader);
      const mine = today.cards.find((c) => c.id === card!.id);
      expect(mine, `due ${today.day}`).toBeDefined();
      const at = new Date(now.getTime() + 5 * 60_000);
      now = at;
      const r = await answer(reader, [{ cardId: card!.id, rating, answeredAt: at.toISOString() }]);
      expect(r.code, r.msg).toBe('00000');
      history.push({ grade: grades[rating], at });
      const want = expected(created, history);
      const answered = r.data.cards.find((c) => c.id === card!.id)!;
      expect(answered.answered).toBe(rating);
      expect(answered.due).toBe(want.due.toISOString());
      const row = await cardRow(card!.id);
      expect(row).toMatchObject({ reps: want.reps, lapses: want.lapses, state: want.state, scheduledDays: want.scheduled_days });
      expect(row.stability).toBeCloseTo(want.stability, 10);
      expect(row.difficulty).toBeCloseTo(want.difficulty, 10);
      // To the morning of the day it is due (its due is before that day's midnight in Shanghai).
      const dueDay = new Date(want.due.getTime() + 8 * HOUR).toISOString().slice(0, 10);
      now = new Date(Date.parse(`${dueDay}T01:00:00Z`));
    }
  });

  it('takes answers made offline later; per card and day the last by answer time wins', async () => {
    now = new Date('2026-09-10T02:00:00Z');
    const { reader } = await readerWith(2);
    const cards = (await todayOf(reader)).cards;
    const [a, b] = cards.map((c) => c.id) as [number, number];
    const created = (await cardRow(a)).createdAt;
    const early = new Date('2026-09-10T03:00:00Z');
    const late = new Date('2026-09-10T04:00:00Z');
    // The next morning the phone syncs yesterday's answers, the later one first: it still wins.
    now = new Date('2026-09-11T01:00:00Z');
    const r = await answer(reader, [
      { cardId: a, rating: 'good', answeredAt: late.toISOString() },
      { cardId: a, rating: 'again', answeredAt: early.toISOString() },
      { cardId: b, rating: 'hard', answeredAt: early.toISOString() },
    ]);
    expect(r.code, r.msg).toBe('00000');
    expect((await cardRow(a)).due.toISOString()).toBe(expected(created, [{ grade: Rating.Good, at: late }]).due.toISOString());
    // A stale answer from another device changes nothing.
    await answer(reader, [{ cardId: a, rating: 'again', answeredAt: new Date('2026-09-10T03:30:00Z').toISOString() }]);
    expect((await cardRow(a)).reps).toBe(1);
    expect((await cardRow(a)).lapses).toBe(0);
    // Yesterday counts for the streak and the heat map.
    const stats = (await callAs(t.app, 'reviewStats', {}, reader.token)).data;
    expect(stats.days).toEqual([{ day: '2026-09-10', count: 2 }]);
    expect(stats.streak).toBe(1);
  });

  it('refuses answers for someone else’s card, a card not in that day’s set, or from the future, naming the field', async () => {
    now = new Date('2026-08-10T02:00:00Z');
    const { reader } = await readerWith(6);
    const { reader: other } = await readerWith(1);
    const mine = (await todayOf(reader)).cards.map((c) => c.id);
    const theirs = (await todayOf(other)).cards[0]!.id;
    const at = new Date(now.getTime() - 60_000).toISOString();
    const cases: [object[], string][] = [
      [[{ cardId: theirs, rating: 'good', answeredAt: at }], 'answers[0].cardId'],
      [[{ cardId: mine[0], rating: 'good', answeredAt: new Date(now.getTime() + HOUR).toISOString() }], 'answers[0].answeredAt'],
      [[{ cardId: mine[0], rating: 'good', answeredAt: new Date(now.getTime() - 8 * DAY).toISOString() }], 'answers[0].answeredAt'],
      [[{ cardId: mine[0], rating: 'good', answeredAt: new Date(now.getTime() - DAY).toISOString() }], 'answers[0].cardId'],
      [[{ cardId: mine[0], rating: 'easy', answeredAt: at }], 'rating'],
      [[{ cardId: mine[0], rating: 'good', answeredAt: 'yesterday' }], 'answeredAt'],
      [[], 'answers'],
    ];
    for (const [answers, field] of cases) {
      const r = await callUnchecked(t.app, 'reviewAnswers', { body: { answers } }, reader.token);
      expect(r.code, JSON.stringify(answers)).toBe('A0400');
      expect(r.msg, JSON.stringify(answers)).toContain(field);
    }
    expect((await todayOf(reader)).cards.every((c) => c.answered === null)).toBe(true);
  });

  it('counts a streak of days in a row and drops a deleted text from the review', async () => {
    now = new Date('2026-07-01T02:00:00Z');
    const { reader, ids } = await readerWith(3);
    for (let d = 0; d < 3; d++) {
      const cards = (await todayOf(reader)).cards;
      expect(cards.length).toBeGreaterThan(0);
      await answer(reader, [{ cardId: cards[0]!.id, rating: 'again', answeredAt: now.toISOString() }]);
      now = new Date(now.getTime() + DAY);
    }
    // The fourth morning, before answering: the streak of the three days before still stands.
    const today = await todayOf(reader);
    expect(today.streak).toBe(3);
    // The writer deletes a text that is in today's set: it leaves at once.
    const gone = today.cards[0]!.essayId;
    expect((await callAs(t.app, 'deleteEssay', { params: { id: gone } }, writer.token)).code).toBe('00000');
    const after = await todayOf(reader);
    expect(after.cards.map((c) => c.essayId)).not.toContain(gone);
    expect(ids).toContain(gone);
  });

  it("takes the reader's highlights as cards too: the passage and its text; a removed highlight leaves", async () => {
    now = new Date('2026-08-01T02:00:00Z');
    const reader = await makeUser(t.app);
    const essay = await publishText(t.app, writer, {
      type: 'essay',
      title: '醉翁亭记',
      content: '<p>醉翁之意不在酒，在乎山水之间也。山水之乐，得之心而寓之酒也。</p>',
      classificationId: tx.sanwen.id,
    });
    const mark = await callAs(
      t.app,
      'addHighlight',
      { body: { essayId: essay.id, start: 0, end: 7, quote: '醉翁之意不在酒' } },
      reader.token,
    );
    expect(mark.code, mark.msg).toBe('00000');
    await callAs(t.app, 'reviewSettings', { body: { enabled: true } }, reader.token);
    const cards = (await todayOf(reader)).cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ source: 'highlight', essayId: essay.id, text: '醉翁之意不在酒', credit: '《醉翁亭记》' });
    await callAs(t.app, 'removeHighlight', { params: { id: mark.data.id } }, reader.token);
    now = new Date(now.getTime() + DAY);
    expect((await todayOf(reader)).cards).toEqual([]);
  });

  it('keeps the schedule in the database: a restarted app answers the same cards and dates', async () => {
    now = new Date('2026-06-01T02:00:00Z');
    const { reader } = await readerWith(3);
    const cards = (await todayOf(reader)).cards;
    await answer(reader, [{ cardId: cards[0]!.id, rating: 'good', answeredAt: now.toISOString() }]);
    const before = await todayOf(reader);
    const again = await buildApp({ config: t.config, database: t.database, clock });
    await again.ready();
    try {
      const r = await callAs(again, 'reviewToday', {}, reader.token);
      expect(r.data).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
