/**
 * Closing a challenge: at its close the entries are frozen with the likes that counted, the top 3 are
 * fixed once, and every entrant and the followers of each winner get a system message. The claim, the frozen
 * entries and the messages are one transaction, so a close happens exactly once however many processes or runs
 * try it (the claim sets closedAt only where it is still null), and a failed close leaves nothing behind.
 */
import { CHALLENGE_LIMITS, textTitle } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { findEssay } from '../essays/index.js';
import { notify } from '../messages/index.js';
import * as q from './queries.js';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Closes one challenge if it is due and not closed yet; answers whether this call closed it. */
export async function closeChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const c = await q.claimClose(tx, id, now);
    if (!c) return false;
    const ranked = await q.tally(tx, c);
    const winners = ranked.slice(0, CHALLENGE_LIMITS.winners).filter((r) => r.votes > 0);
    await q.insertEntries(
      tx,
      ranked.map((r, i) => ({ challengeId: c.id, essayId: r.essayId, votes: r.votes, rank: i + 1, winner: i < winners.length })),
    );
    const original = await findEssay(tx, c.originalId);
    const name = `每周仿写「${clip(original ? textTitle(original) : c.prompt, 20)}」`;
    const told = new Set<number>();
    for (const [i, r] of ranked.entries()) {
      if (told.has(r.authorId)) continue;
      told.add(r.authorId);
      const content =
        i < winners.length
          ? `${name}已结束，你的仿写获得第 ${i + 1} 名（${r.votes} 个赞），恭喜！`
          : `${name}已结束，获奖作品已揭晓，去看看吧。`;
      await notify(tx, { userId: r.authorId, type: 'system', actorId: null, essayId: r.essayId, content });
    }
    const byAuthor = new Map(winners.map((w, i) => [w.authorId, { ...w, rank: i + 1 }]));
    for (const f of await q.followersOf(tx, [...byAuthor.keys()])) {
      if (told.has(f.followerId)) continue;
      told.add(f.followerId);
      const w = byAuthor.get(f.followeeId)!;
      await notify(tx, {
        userId: f.followerId,
        type: 'system',
        actorId: null,
        essayId: w.essayId,
        content: `你关注的作者在${name}中获得第 ${w.rank} 名，去读读获奖的仿写。`,
      });
    }
    return true;
  });
}

/** The closing job: closes every challenge whose close has passed (idempotent; any process may run it). */
export async function closeDueChallenges(db: Db, now: Date): Promise<number> {
  let closed = 0;
  for (const { id } of await q.dueChallenges(db, now)) if (await closeChallenge(db, id, now)) closed++;
  return closed;
}
