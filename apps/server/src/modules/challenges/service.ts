/**
 * 每周仿写 (docs/challenges.md) as readers see it: a challenge, its entries, and entering it. Reading a challenge whose close
 * has passed closes it first (the same idempotent close the job runs), so no page shows a finished challenge open.
 */
import { beijingTimeLabel, challengeStateAt, weekRange, type CallParsed, type Challenge } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { createEssay, findEssay, presentEssays, type EssayRuntime, type PublishLimits } from '../essays/index.js';
import type { UserRow } from '../users/index.js';
import { closeChallenge } from './closing.js';
import { exactTotal, offsetOf } from '../../lib/paging.js';
import * as q from './queries.js';

const iso = (d: Date) => d.toISOString();

/** The challenge as it stands at `now`, closed first when its close has passed. */
async function current(db: Db, id: number, now: Date): Promise<q.ChallengeRow> {
  let c = await q.findChallenge(db, id);
  if (!c) throw notFound('这期每周仿写不存在');
  if (!c.closedAt && c.closesAt <= now) {
    await closeChallenge(db, c.id, now);
    c = (await q.findChallenge(db, id))!;
  }
  return c;
}

/** The cards of these challenges (their originals, winners and entry counts), in order. */
export async function presentChallenges(db: Db, rows: q.ChallengeRow[], now: Date, viewerId?: number): Promise<Challenge[]> {
  const closed = rows.filter((c) => c.closedAt).map((c) => c.id);
  const [winners, frozen, live] = await Promise.all([
    q.winnersOf(db, closed),
    q.frozenCounts(db, closed),
    q.liveEntryCounts(
      db,
      rows.filter((c) => !c.closedAt),
    ),
  ]);
  const cards = await presentEssays(db, [...new Set([...rows.map((c) => c.originalId), ...winners.map((w) => w.essayId)])], viewerId);
  const card = new Map(cards.map((e) => [e.id, e]));
  return rows.map((c) => {
    const original = card.get(c.originalId);
    return {
      id: c.id,
      prompt: c.prompt,
      opensAt: iso(c.opensAt),
      closesAt: iso(c.closesAt),
      closedAt: c.closedAt ? iso(c.closedAt) : null,
      state: c.closedAt ? 'closed' : challengeStateAt(c, now),
      original: original && original.status === 'published' ? original : null,
      entries: (c.closedAt ? frozen.get(c.id) : live.get(c.id)) ?? 0,
      winners: winners
        .filter((w) => w.challengeId === c.id && card.has(w.essayId))
        .map((w) => ({ rank: w.rank, votes: w.votes, essay: card.get(w.essayId)! })),
    };
  });
}

export async function challengeDetails(db: Db, id: number, now: Date, viewer: UserRow | null) {
  const c = await current(db, id, now);
  return (await presentChallenges(db, [c], now, viewer?.id))[0]!;
}

/** The list, newest first; `closed` only the finished ones, `week` those whose close fell in that ISO week. */
export async function challengesPage(db: Db, query: CallParsed<'challengesPage'>['query'], now: Date, viewer: UserRow | null) {
  await closeDue(db, now);
  const { rows, total } = await q.pageChallenges(db, query.pageSize, offsetOf(query), {
    closed: query.closed === undefined ? (query.week ? true : undefined) : query.closed === 'true',
    closedWithin: query.week ? weekRange(query.week) : undefined,
  });
  return { list: await presentChallenges(db, rows, now, viewer?.id), ...exactTotal(total) };
}

/** Closes what is due before a list shows it (cheap: one index probe when nothing is). */
async function closeDue(db: Db, now: Date) {
  for (const { id } of await q.dueChallenges(db, now)) await closeChallenge(db, id, now);
}

/** Entries: while open the newest first; after the close the frozen ranking (still-published entries only). */
export async function challengeEntries(db: Db, id: number, page: { pageNum: number; pageSize: number }, now: Date, viewer: UserRow | null) {
  const c = await current(db, id, now);
  const offset = offsetOf(page);
  if (c.closedAt) {
    const { rows, total } = await q.frozenEntries(db, c.id, page.pageSize, offset);
    const cards = new Map(
      (
        await presentEssays(
          db,
          rows.map((r) => r.essayId),
          viewer?.id,
        )
      ).map((e) => [e.id, e]),
    );
    const list = rows.filter((r) => cards.has(r.essayId)).map((r) => ({ essay: cards.get(r.essayId)!, rank: r.rank, votes: r.votes }));
    return { list, ...exactTotal(total) };
  }
  if (challengeStateAt(c, now) === 'upcoming') return { list: [], ...exactTotal(0) };
  const { ids, total } = await q.liveEntries(db, c, page.pageSize, offset);
  const list = (await presentEssays(db, ids, viewer?.id)).map((essay) => ({ essay, rank: null, votes: null }));
  return { list, ...exactTotal(total) };
}

/** Entering: an imitation of the challenge's original, written while the challenge is open. */
export async function enterChallenge(
  db: Db,
  rt: EssayRuntime & { now: () => Date },
  me: UserRow,
  id: number,
  body: CallParsed<'enterChallenge'>['body'],
  limits: PublishLimits,
) {
  const now = rt.now();
  const c = await current(db, id, now);
  const state = c.closedAt ? 'closed' : challengeStateAt(c, now);
  if (state === 'upcoming') throw invalid(`这期每周仿写尚未开始，${beijingTimeLabel(c.opensAt)} 起可以参加`);
  if (state === 'closed') throw invalid('这期每周仿写已经结束，不再接受新的仿写');
  const original = await findEssay(db, c.originalId);
  if (!original || original.status !== 'published') throw invalid('这期每周仿写的原文已不可仿写');
  return createEssay(db, rt, me, { ...body, imitateOf: c.originalId }, limits);
}
