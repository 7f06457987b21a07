/** 每周仿写 in the editor's console: setting a challenge and changing it until it closes (audited). */
import { CHALLENGE_LIMITS, nextChallengeWeek, weekRange, isoWeekOf, type CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { audited, type Actor } from '../audit/index.js';
import { findEssay } from '../essays/index.js';
import { presentChallenges } from './service.js';
import { exactTotal, offsetOf } from '../../lib/paging.js';
import * as q from './queries.js';

type Write = CallParsed<'adminCreateChallenge'>['body'];
const DAY_MS = 86_400_000;
const OPEN_SLACK_MS = 10 * 60_000;

async function present(db: Db, row: q.ChallengeRow, now: Date) {
  const [c] = await presentChallenges(db, [row], now);
  const { winners: _winners, ...rest } = c!;
  return { ...rest, createdAt: row.createdAt.toISOString() };
}

export async function pageChallenges(db: Db, query: { pageNum: number; pageSize: number }, now: Date) {
  const { rows, total } = await q.pageChallenges(db, query.pageSize, offsetOf(query));
  const list = await Promise.all(rows.map((r) => present(db, r, now)));
  return { list, ...exactTotal(total) };
}

/** The window asked for, defaults filled: the coming week, or the week opensAt falls in when only it is given. */
function windowOf(body: Write, now: Date, before?: q.ChallengeRow) {
  const opensAt = body.opensAt ? new Date(body.opensAt) : (before?.opensAt ?? nextChallengeWeek(now).opensAt);
  const closesAt = body.closesAt ? new Date(body.closesAt) : body.opensAt || !before ? weekRange(isoWeekOf(opensAt)).end : before.closesAt;
  if (closesAt <= opensAt) throw invalid('closesAt 结束时间必须晚于开始时间');
  if (closesAt.getTime() - opensAt.getTime() > CHALLENGE_LIMITS.maxDays * DAY_MS)
    throw invalid(`closesAt 一期每周仿写最长 ${CHALLENGE_LIMITS.maxDays} 天`);
  if (closesAt <= now) throw invalid('closesAt 结束时间已经过去，请选择将来的时间');
  // A challenge that has not opened may open now (a form sent a few minutes late still does), never in the past:
  // imitations written before it was set would become entries.
  if (!(before && before.opensAt <= now) && opensAt.getTime() < now.getTime() - OPEN_SLACK_MS)
    throw invalid('opensAt 开始时间已经过去，请选择现在或将来的时间');
  return { opensAt, closesAt };
}

async function publishedOriginal(db: Db, id: number) {
  const e = await findEssay(db, id);
  if (!e || e.status !== 'published') throw invalid('originalId 原文不存在或未发布，不能作为仿写的原文');
  return e;
}

export async function createChallenge(db: Db, actor: NonNullable<Actor>, body: Write, now: Date) {
  await publishedOriginal(db, body.originalId);
  const { opensAt, closesAt } = windowOf(body, now);
  const row = await audited(
    db,
    actor,
    (c: q.ChallengeRow) => ({ action: 'challenge.create', targetType: 'challenge', targetId: c.id, summary: { originalId: c.originalId } }),
    (tx) => q.insertChallenge(tx, { originalId: body.originalId, prompt: body.prompt, opensAt, closesAt, createdBy: actor.id }),
  );
  return present(db, row, now);
}

/**
 * Until its close an editor may change a challenge; once it has opened its original and opening stay as they were
 * (entries were written to them). After the close nothing changes: the entries and winners are fixed.
 */
export async function updateChallenge(db: Db, actor: NonNullable<Actor>, id: number, body: Write, now: Date) {
  const before = await q.findChallenge(db, id);
  if (!before) throw notFound('这期每周仿写不存在');
  if (before.closedAt || before.closesAt <= now) throw invalid('这期每周仿写已经结束，不能再修改');
  const started = before.opensAt <= now;
  if (started && body.originalId !== before.originalId) throw invalid('originalId 每周仿写已经开始，不能更换原文');
  if (started && body.opensAt && new Date(body.opensAt).getTime() !== before.opensAt.getTime())
    throw invalid('opensAt 每周仿写已经开始，不能修改开始时间');
  if (body.originalId !== before.originalId) await publishedOriginal(db, body.originalId);
  const { opensAt, closesAt } = windowOf(body, now, before);
  const row = await audited(
    db,
    actor,
    { action: 'challenge.update', targetType: 'challenge', targetId: id, summary: { prompt: body.prompt, opensAt, closesAt } },
    (tx) => q.updateOpenChallenge(tx, id, { originalId: body.originalId, prompt: body.prompt, opensAt, closesAt }),
  );
  if (!row) throw invalid('这期每周仿写已经结束，不能再修改');
  return present(db, row, now);
}
