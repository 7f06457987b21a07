/**
 * 每周仿写: an editor sets a challenge, readers enter it, and at the close the entries are frozen and the
 * top 3 fixed once (likes made before the close by accounts older than the challenge, not the writer's own; ties to
 * the earlier entry), announced by system message. The app's clock is held by the test; texts and accounts carry
 * real times, so each window is set around the moment its accounts already exist.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChallengeWeek } from '@shiju/contract';
import { buildApp } from '../src/app.js';
import { messages } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/scheduler.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

const MIN = 60_000;
let clock = new Date();
let t: TestContext;
/** A second app on the same database: another process of the same site. */
let other: FastifyInstance;
let tax: Awaited<ReturnType<typeof seedTaxonomy>>;
let editor: TestUser;
let poet: TestUser;
let original: { id: number };

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  other = await buildApp({ config: t.config, database: t.database, clock: () => clock });
  await other.ready();
  tax = await seedTaxonomy(t.database.db);
  editor = await makeAdmin(t);
  poet = await makeUser(t.app);
  original = await publishText(t.app, poet, { content: '床前明月光，疑是地上霜。', classificationId: tax.meiju.id });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const at = (d: Date, plusMs = 0) => new Date(d.getTime() + plusMs).toISOString();
const entry = (content: string) => ({ type: 'sentence' as const, content, classificationId: tax.meiju.id, status: 'publish' as const });

async function open(body: { originalId?: number; prompt?: string; opensAt?: string | null; closesAt?: string | null }) {
  return callAs(t.app, 'adminCreateChallenge', { body: { originalId: original.id, prompt: '照着写两句思乡的话', ...body } }, editor.token);
}

async function enter(user: TestUser, id: number, content: string) {
  const r = await callAs(t.app, 'enterChallenge', { params: { id }, body: entry(content) }, user.token);
  expect(r.code, r.msg).toBe('00000');
  return r.data.id;
}

const like = (user: TestUser, essayId: number) => callAs(t.app, 'like', { body: { essayId, type: 'like' } }, user.token);

const systemMessages = (userId: number) =>
  t.database.db
    .select({ content: messages.content, essayId: messages.essayId })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.type, 'system')));

const closeJob = JOBS.find((j) => j.name === 'close-challenges')!;
const runClose = (app: FastifyInstance) => closeJob.run(t.database.db, t.config, app.log, app.runtime) as Promise<number>;

describe('a challenge from open to close', () => {
  it('counts only the likes that qualify, fixes the top 3 once across two processes, and tells entrants and followers', async () => {
    clock = new Date();
    const [a, b, c, d, hid, v1, v2, v3, fan] = await Promise.all(Array.from({ length: 9 }, () => makeUser(t.app)));
    await callAs(t.app, 'follow', { params: { id: a!.id } }, fan!.token);
    // The challenge opens after every account above was made (a later account's likes do not count).
    const opensAt = new Date();
    clock = new Date(opensAt.getTime() + 1000);
    const created = await open({ opensAt: at(opensAt), closesAt: at(opensAt, 2 * 60 * MIN) });
    expect(created.code, created.msg).toBe('00000');
    const id = created.data.id;
    expect(created.data.state).toBe('open');

    const ea = await enter(a!, id, '窗前秋月白，应是故园霜。');
    const eb = await enter(b!, id, '门外春风暖，疑是故人来。');
    const ec = await enter(c!, id, '檐下新燕语，犹似旧时声。');
    const ed = await enter(d!, id, '桥边杨柳绿，恰如去年时。');
    const eh = await enter(hid!, id, '楼头明月满，照我独归人。');
    const late = await makeUser(t.app); // made after the opening: likes, but does not count

    clock = new Date(opensAt.getTime() + 10 * MIN);
    for (const v of [v1, v2]) expect((await like(v!, ea)).code).toBe('00000');
    await like(a!, ea); // a self-like
    await like(v3!, eb);
    await like(late, eb);
    await like(v2!, ec);
    await like(v3!, ed);
    for (const v of [v1, v2, v3]) await like(v!, eh);
    expect((await callAs(t.app, 'adminHideEssay', { params: { id: eh }, body: { reason: '测试隐藏' } }, editor.token)).code).toBe('00000');

    const live = await callAs(t.app, 'challengeDetails', { params: { id } });
    expect(live.data).toMatchObject({ state: 'open', entries: 4, winners: [], closedAt: null });
    const liveEntries = await callAs(t.app, 'challengeEntries', { params: { id }, query: { pageNum: 1, pageSize: 10 } });
    expect(liveEntries.data.list.map((x) => x.essay.id)).toEqual([ed, ec, eb, ea]);
    expect(liveEntries.data.list[0]!.rank).toBeNull();

    // Past the close: a late like is still taken (the like call is unchanged) but does not count.
    clock = new Date(opensAt.getTime() + 2 * 60 * MIN + MIN);
    expect((await like(v1!, eb)).code).toBe('00000');
    expect((await like(v1!, ec)).code).toBe('00000');

    // Two processes run the closing job at the same moment: one closes, the other finds nothing to do; again, nothing.
    const runs = await Promise.all([runClose(t.app), runClose(other)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await runClose(other)).toBe(0);

    const closed = await callAs(other, 'challengeDetails', { params: { id } });
    expect(closed.data.state).toBe('closed');
    expect(closed.data.entries).toBe(4);
    // v1+v2 for a; b and c 1 each (the late like and the new account's left out), b first as the earlier entry; d 4th.
    expect(closed.data.winners.map((w) => [w.rank, w.essay.id, w.votes])).toEqual([
      [1, ea, 2],
      [2, eb, 1],
      [3, ec, 1],
    ]);
    const ranked = await callAs(t.app, 'challengeEntries', { params: { id }, query: { pageNum: 1, pageSize: 10 } });
    expect(ranked.data.list.map((x) => [x.rank, x.essay.id, x.votes])).toEqual([
      [1, ea, 2],
      [2, eb, 1],
      [3, ec, 1],
      [4, ed, 1],
    ]);

    // One message each, however often the job runs; the winner's follower is told too; the hidden entry's writer is not an entrant.
    expect((await systemMessages(a!.id)).map((m) => m.content)).toEqual([expect.stringContaining('获得第 1 名（2 个赞）')]);
    expect((await systemMessages(d!.id)).map((m) => m.content)).toEqual([expect.stringContaining('获奖作品已揭晓')]);
    expect(await systemMessages(fan!.id)).toEqual([{ content: expect.stringContaining('获得第 1 名'), essayId: ea }]);
    expect(await systemMessages(hid!.id)).toEqual([expect.objectContaining({ content: expect.stringContaining('隐藏') })]);

    // Frozen: no more entries, a new imitation does not join, and a removed winner leaves a gap, not a promotion.
    const refused = await callAs(t.app, 'enterChallenge', { params: { id }, body: entry('又写一句') }, d!.token);
    expect(refused).toMatchObject({ status: 400, code: 'A0400' });
    expect(refused.msg).toContain('已经结束');
    await publishText(t.app, d!, { content: '山中明月在，照我读书时。', classificationId: tax.meiju.id, imitateOf: original.id });
    expect((await callAs(t.app, 'deleteEssay', { params: { id: ea } }, a!.token)).code).toBe('00000');
    const after = await callAs(t.app, 'challengeDetails', { params: { id } });
    expect(after.data.winners.map((w) => w.rank)).toEqual([2, 3]);
    expect(after.data.entries).toBe(4);
    const edit = await callAs(
      t.app,
      'adminUpdateChallenge',
      { params: { id }, body: { originalId: original.id, prompt: '改' } },
      editor.token,
    );
    expect(edit).toMatchObject({ code: 'A0400', msg: expect.stringContaining('已经结束') });

    // Listed among the closed ones (what /bestWeek shows beside the week's best), and in the sitemap and its feed.
    const list = await callAs(t.app, 'challengesPage', { query: { closed: 'true', pageNum: 1, pageSize: 5 } });
    expect(list.data.list[0]).toMatchObject({ id, state: 'closed', winners: [{ rank: 2 }, { rank: 3 }] });
    const sitemap = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(sitemap.body).toContain(`/imitative?challenge=${id}</loc>`);
    const feed = await t.app.inject({ url: `/feeds/challenge-${id}.rss` });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`/bellesDetails?id=${eb}`);
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain('Allow: /imitative?challenge=');
  });
});

describe('who may set a challenge, and what is refused', () => {
  it('lets only editors create and edit', async () => {
    clock = new Date();
    const reader = await makeUser(t.app);
    const body = { originalId: original.id, prompt: '仿写' };
    expect((await callAs(t.app, 'adminCreateChallenge', { body }, reader.token)).code).toBe('A0301');
    expect((await callAs(t.app, 'adminCreateChallenge', { body })).code).toBe('A0230');
    const made = await open({});
    expect((await callAs(t.app, 'adminUpdateChallenge', { params: { id: made.data.id }, body }, reader.token)).code).toBe('A0301');
    expect((await callAs(t.app, 'adminChallengesPage', { query: {} }, reader.token)).code).toBe('A0301');
  });

  it('defaults to the coming week, Monday 00:00 to Sunday 24:00 in Shanghai', async () => {
    clock = new Date('2026-11-26T04:00:00Z'); // a Thursday
    const r = await open({});
    expect(r.code, r.msg).toBe('00000');
    expect(r.data).toMatchObject({ opensAt: '2026-11-29T16:00:00.000Z', closesAt: '2026-12-06T16:00:00.000Z', state: 'upcoming' });
    const w = nextChallengeWeek(clock);
    expect([w.opensAt.toISOString(), w.closesAt.toISOString()]).toEqual([r.data.opensAt, r.data.closesAt]);
  });

  it('refuses bad dates and originals that cannot be imitated with A0400 naming the problem', async () => {
    clock = new Date();
    const now = clock;
    const bad = async (body: Parameters<typeof open>[0], words: string) => {
      const r = await open(body);
      expect(r, words).toMatchObject({ status: 400, code: 'A0400' });
      expect(r.msg).toContain(words);
    };
    await bad({ opensAt: at(now, 60 * MIN), closesAt: at(now, 30 * MIN) }, '结束时间必须晚于开始时间');
    await bad({ opensAt: at(now, MIN), closesAt: at(now, 40 * 24 * 60 * MIN) }, '最长 31 天');
    await bad({ opensAt: at(now, -3 * 60 * MIN), closesAt: at(now, -60 * MIN) }, '结束时间已经过去');
    await bad({ opensAt: at(now, -3 * 60 * MIN), closesAt: at(now, 60 * MIN) }, '开始时间已经过去');
    await bad({ opensAt: 'next monday' }, 'opensAt');
    await bad({ prompt: '' }, 'prompt');
    await bad({ originalId: 2147483000 }, '原文不存在或未发布');
    const hidden = await publishText(t.app, poet, { content: '被隐藏的原文', classificationId: tax.meiju.id });
    await callAs(t.app, 'adminHideEssay', { params: { id: hidden.id }, body: { reason: '测试' } }, editor.token);
    await bad({ originalId: hidden.id }, '原文不存在或未发布');
    const gone = await publishText(t.app, poet, { content: '被删除的原文', classificationId: tax.meiju.id });
    await callAs(t.app, 'deleteEssay', { params: { id: gone.id } }, poet.token);
    await bad({ originalId: gone.id }, '原文不存在或未发布');
    expect((await callAs(t.app, 'challengeDetails', { params: { id: 2147483000 } })).code).toBe('A0404');
  });

  it('refuses entries before the opening and after the original was hidden, and changes of a running challenge', async () => {
    clock = new Date();
    const writer = await makeUser(t.app);
    const later = await open({ opensAt: at(clock, 60 * MIN), closesAt: at(clock, 120 * MIN) });
    const early = await callAs(t.app, 'enterChallenge', { params: { id: later.data.id }, body: entry('抢先一句') }, writer.token);
    expect(early).toMatchObject({ status: 400, code: 'A0400', msg: expect.stringContaining('尚未开始') });
    expect((await callAs(t.app, 'challengeEntries', { params: { id: later.data.id }, query: {} })).data.list).toEqual([]);

    const own = await publishText(t.app, poet, { content: '春眠不觉晓，处处闻啼鸟。', classificationId: tax.meiju.id });
    const running = await open({ originalId: own.id, opensAt: at(clock), closesAt: at(clock, 60 * MIN) });
    const moved = await callAs(
      t.app,
      'adminUpdateChallenge',
      { params: { id: running.data.id }, body: { originalId: original.id, prompt: '换一篇' } },
      editor.token,
    );
    expect(moved).toMatchObject({ code: 'A0400', msg: expect.stringContaining('不能更换原文') });
    const longer = await callAs(
      t.app,
      'adminUpdateChallenge',
      { params: { id: running.data.id }, body: { originalId: own.id, prompt: '多给一天', closesAt: at(clock, 24 * 60 * MIN) } },
      editor.token,
    );
    expect(longer.data).toMatchObject({ prompt: '多给一天', closesAt: at(clock, 24 * 60 * MIN), state: 'open' });

    await callAs(t.app, 'adminHideEssay', { params: { id: own.id }, body: { reason: '测试' } }, editor.token);
    const onHidden = await callAs(t.app, 'enterChallenge', { params: { id: running.data.id }, body: entry('仿一句') }, writer.token);
    expect(onHidden).toMatchObject({ status: 400, code: 'A0400', msg: expect.stringContaining('原文已不可仿写') });
  });
});
