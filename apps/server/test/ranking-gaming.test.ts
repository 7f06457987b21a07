/**
 * Ranked lists cannot be gamed by freshness or by a crowd of new accounts (docs/decisions/0016). On a fixed clock:
 * the starter library, then 100 new posts nobody engages with and 30 brand-new accounts liking one of them; after a
 * refresh no new post is in the top 20 of any ranked list, and the brigade's post is not in today's top 10. Then a
 * text reported by three readers leaves the lists on the next read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RANK_MIN_LIKES, REPORTS_TO_LEAVE_LISTS } from '@shiju/contract';
import { callAs, createStarterApp, type TestContext } from './helper.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { classifications, essays, likes, users } from '../src/db/schema.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { starterNow } from './starterSnapshot.js';

/** The app's clock stands still here, at the moment the run's starter library was imported: the likes and the refresh read it. */
const NOW = starterNow();
const TOP = 20;

let t: TestContext;
const fresh: number[] = [];
let brigaded: number;
const brigade: TestUser[] = [];

beforeAll(async () => {
  t = await createStarterApp({ clock: () => NOW });
  const [cls] = await t.database.db.select({ id: classifications.id }).from(classifications).limit(1);
  const author = await makeUser(t.app);
  for (let i = 0; i < 100; i++)
    fresh.push((await publishText(t.app, author, { content: `今天的风有点大，写下第${i + 1}句`, classificationId: cls!.id })).id);
  brigaded = fresh[0]!;
  for (let i = 0; i < 30; i++) brigade.push(await makeUser(t.app));
  for (const u of brigade) expect((await callAs(t.app, 'like', { body: { essayId: brigaded, type: 'like' } }, u.token)).code).toBe('00000');
  await refreshRankings(t.database.db, t.app.runtime.broadcast, undefined, NOW);
}, 300_000);
afterAll(async () => t?.close());

const ranking = async (period: 'day' | 'week' | 'month' | 'all', pageSize = TOP) =>
  (await callAs(t.app, 'ranking', { body: { period, pageNum: 1, pageSize } })).data;
const essayList = async (body: { sort: 'hot' | 'imitations'; type?: 'sentence' }) =>
  (await callAs(t.app, 'essaysPage', { body: { ...body, pageNum: 1, pageSize: TOP } })).data;

/** Every ranked list a reader sees, by name: the leaderboard's four, 最热, 首页 (its 今日热榜 and 最热 tab), /imitative. */
async function lists(): Promise<Record<string, number[]>> {
  const ids = (l: { list: { id: number }[] }) => l.list.map((e) => e.id);
  return {
    今日热榜: ids(await ranking('day')),
    周榜: ids(await ranking('week')),
    月榜: ids(await ranking('month')),
    总榜: ids(await ranking('all')),
    最热: ids(await essayList({ sort: 'hot' })),
    首页今日热榜: ids(await ranking('day', 10)),
    仿写: ids(await essayList({ sort: 'imitations', type: 'sentence' })),
  };
}

describe('rankings that freshness and new accounts cannot game', () => {
  it('keeps every new post out of every top 20 and the brigade out of 今日热榜', async () => {
    const all = await lists();
    for (const [name, ids] of Object.entries(all)) {
      const leaked = ids.filter((id) => fresh.includes(id));
      expect(leaked, `${name} lists new posts nobody (established) liked`).toEqual([]);
    }
    expect(all.今日热榜!.slice(0, 10)).not.toContain(brigaded);
    // The lists are not empty: the starter library's established engagement qualifies.
    expect(all.总榜).toHaveLength(TOP);
    expect(all.最热).toHaveLength(TOP);
    expect(all.仿写).toHaveLength(TOP);
    expect(all.今日热榜!.length).toBeGreaterThan(0);
  });

  it('weighs each like by the liker account age at that moment, fixed on the like', async () => {
    const weights = await t.database.db.select({ w: likes.weight }).from(likes).where(eq(likes.essayId, brigaded));
    expect(weights).toHaveLength(30);
    for (const { w } of weights) expect(w).toBe(0);
    const [row] = await t.database.db
      .select({ likes: essays.likes, likeWeight: essays.likeWeight, hotScore: essays.hotScore })
      .from(essays)
      .where(eq(essays.id, brigaded));
    expect(row).toMatchObject({ likes: 30, likeWeight: 0 });
    expect(row!.hotScore).toBeLessThan(0);
    // An account 15 days old when it likes counts half; one of 30 days or more, fully.
    const half = await makeUser(t.app);
    const full = await makeUser(t.app);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(NOW.getTime() - 15 * 86_400_000) })
      .where(eq(users.id, half.id));
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(NOW.getTime() - 90 * 86_400_000) })
      .where(eq(users.id, full.id));
    for (const u of [half, full]) await callAs(t.app, 'like', { body: { essayId: fresh[1]!, type: 'like' } }, u.token);
    const mine = await t.database.db
      .select({ w: likes.weight, at: likes.createdAt, u: likes.userId })
      .from(likes)
      .where(eq(likes.essayId, fresh[1]!));
    expect(Object.fromEntries(mine.map((l) => [l.u, l.w]))).toEqual({ [half.id]: 0.5, [full.id]: 1 });
    expect(mine.every((l) => l.at.getTime() === NOW.getTime())).toBe(true);
    // Later ageing of the account does not rewrite the like; withdrawing it takes back exactly its weight.
    await callAs(t.app, 'unlike', { body: { essayId: fresh[1]!, type: 'like' } }, half.token);
    const [after] = await t.database.db.select({ w: essays.likeWeight }).from(essays).where(eq(essays.id, fresh[1]!));
    expect(after!.w).toBeCloseTo(1, 9);
    expect(after!.w).toBeLessThan(RANK_MIN_LIKES);
  });

  it('takes a text with enough open reports off every list on the next read', async () => {
    const before = await lists();
    const target = before.总榜![0]!;
    expect(before.最热).toContain(target);
    for (let i = 0; i < REPORTS_TO_LEAVE_LISTS; i++) {
      const reporter = await makeUser(t.app);
      const r = await callAs(
        t.app,
        'createReport',
        { body: { targetType: 'essay', targetId: target, reason: '垃圾广告' } },
        reporter.token,
      );
      expect(r.code).toBe('00000');
    }
    const after = await lists();
    for (const [name, ids] of Object.entries(after)) expect(ids, name).not.toContain(target);
    // A hidden text leaves as well, without a refresh.
    const next = after.总榜![0]!;
    const editor = await makeAdmin(t);
    const hid = await callAs(t.app, 'adminHideEssay', { params: { id: next }, body: { reason: '测试隐藏' } }, editor.token);
    expect(hid.code).toBe('00000');
    expect((await ranking('all')).list.map((e) => e.id)).not.toContain(next);
  });
});
