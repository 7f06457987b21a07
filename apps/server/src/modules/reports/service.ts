/**
 * 举报: readers report texts, comments and users (one open report per reporter and target, burst-limited);
 * editors work through a queue grouped by target and resolve a target's open reports together.
 */
import { allow } from '../limits/index.js';
import { REPORT_TARGET_NAMES, REPORTS_TO_LEAVE_LISTS, type CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import { findEssay } from '../essays/index.js';
import type { Tx } from '../../db/client.js';
import { findVisible } from '../comments/index.js';
import { removeComment } from '../comments/index.js';
import { auditedIn, type Actor } from '../audit/index.js';
import { forgetLists, type Broadcast } from '../../lib/broadcast.js';
import { deleteInTx, hideInTx } from '../essays/index.js';
import { banInTx, changeUser, forgetAll, type UserTx } from '../users/index.js';
import { notify } from '../messages/index.js';
import { noteTargets, removeNoteInTx, reportableNote } from '../notes/index.js';
import { hideThoughtInTx, reportableThought, thoughtTargets } from '../highlights/index.js';
import { collectionReportTargets, findCollection, setCollectionHidden } from '../collections/index.js';
import { evidenceTargets, hideEvidenceInTx, reportableEvidence } from '../attributions/index.js';
import * as q from './queries.js';

/** Reports one person may file within a minute before A0501. */
export const REPORT_BURST = 5;
const SHOWN_PER_GROUP = 10;

/** Who owns a target (and whether the public can see it); null when it does not exist. */
async function ownerOf(db: Db, type: q.TargetType, id: number) {
  switch (type) {
    case 'essay': {
      const e = await findEssay(db, id);
      return e?.status === 'published' ? e.authorId : null;
    }
    case 'comment':
      return (await findVisible(db, id))?.userId ?? null;
    case 'user': {
      return (await q.userExists(db, id)) ? id : null;
    }
    case 'note':
      return (await reportableNote(db, id))?.writerId ?? null;
    case 'thought':
      return (await reportableThought(db, id))?.writerId ?? null;
    case 'evidence': {
      // Evidence of a deleted account is still reportable (0: nobody's, never the reporter's own).
      const r = await reportableEvidence(db, id);
      return r ? (r.writerId ?? 0) : null;
    }
    case 'collection': {
      const f = await findCollection(db, id);
      return f && f.isPublic && !f.hiddenAt ? f.userId : null;
    }
  }
}

export async function createReport(db: Db, broadcast: Broadcast, me: UserRow, body: CallParsed<'createReport'>['body']) {
  const owner = await ownerOf(db, body.targetType, body.targetId);
  if (owner === null) throw notFound('举报的内容不存在');
  if (owner === me.id) throw invalid('targetId 不能举报自己');
  // Counted and checked in one statement: parallel reports cannot all pass as the burst's first.
  if (!(await allow(db, { key: `report:${me.id}`, windowMs: 60_000 }, REPORT_BURST))) throw new AppError('A0501', '举报太频繁，请稍后再试');
  const row = await q.insertOpen(db, { reporterId: me.id, ...body, detail: body.detail ?? '' });
  if (!row) throw invalid('targetId 你已举报过该内容，编辑处理前无需重复举报');
  // A text with this many open reports leaves every ranked list (their statements check on each read): drop the
  // pages kept for visitors so the next read is one.
  if (
    body.targetType === 'essay' &&
    (await q.openReportsUpTo(db, 'essay', body.targetId, REPORTS_TO_LEAVE_LISTS)) >= REPORTS_TO_LEAVE_LISTS
  )
    forgetLists(broadcast);
  return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

type GroupKey = { targetType: q.TargetType; targetId: number };
type GroupRow = Awaited<ReturnType<typeof q.pageGroups>>['rows'][number];

/** What each reported target is now (title, excerpt, owner, state, its text), looked up per kind in one pass. */
async function targetsOf(db: Db, keys: GroupKey[]) {
  const ids = (t: q.TargetType) => [...new Set(keys.filter((g) => g.targetType === t).map((g) => g.targetId))];
  const [essays, comments, people, notes, folders, thoughts, evidence] = await Promise.all([
    q.essayTargets(db, ids('essay')),
    q.commentTargets(db, ids('comment')),
    q.userTargets(db, ids('user')),
    noteTargets(db, ids('note')),
    collectionReportTargets(db, ids('collection')),
    thoughtTargets(db, ids('thought')),
    evidenceTargets(db, ids('evidence')),
  ]);
  return (g: GroupKey) => {
    const missing = { title: '（已不存在）', excerpt: '', owner: null, status: 'missing', essayId: null };
    switch (g.targetType) {
      case 'essay': {
        const e = essays.find((x) => x.id === g.targetId);
        return e
          ? { title: e.title ?? e.summary.slice(0, 30), excerpt: e.summary, owner: e.owner, status: e.status, essayId: e.id }
          : missing;
      }
      case 'comment': {
        const c = comments.find((x) => x.id === g.targetId);
        return c ? { title: c.content.slice(0, 30), excerpt: c.content, owner: c.owner, status: c.status, essayId: c.essayId } : missing;
      }
      case 'user': {
        const u = people.find((x) => x.id === g.targetId);
        return u
          ? {
              title: u.nickname,
              excerpt: u.bio,
              owner: { id: u.id, username: u.username, nickname: u.nickname, avatar: u.avatar },
              status: u.status,
              essayId: null,
            }
          : missing;
      }
      case 'note': {
        const n = notes.find((x) => x.id === g.targetId);
        return n ? { title: n.content.slice(0, 30), excerpt: n.content, owner: n.owner, status: n.status, essayId: n.essayId } : missing;
      }
      case 'thought': {
        const t = thoughts.find((x) => x.id === g.targetId);
        return t
          ? {
              title: (t.thought ?? '').slice(0, 30),
              excerpt: t.thought ?? '',
              owner: { id: t.ownerId, username: t.username, nickname: t.nickname, avatar: t.avatar },
              status: t.hiddenAt || !t.thought ? 'hidden' : 'visible',
              essayId: t.essayId,
            }
          : missing;
      }
      case 'collection': {
        const f = folders.find((x) => x.id === g.targetId);
        return f
          ? {
              title: f.name,
              excerpt: f.description,
              owner: { id: f.ownerId, username: f.username, nickname: f.nickname, avatar: f.avatar },
              status: f.hiddenAt ? 'hidden' : 'visible',
              essayId: null,
            }
          : missing;
      }
      case 'evidence': {
        const v = evidence.find((x) => x.id === g.targetId);
        return v
          ? {
              title: v.note.slice(0, 30),
              excerpt: v.note,
              owner: v.owner?.id ? v.owner : null,
              status: v.hiddenAt ? 'hidden' : 'visible',
              essayId: v.essayId,
            }
          : missing;
      }
    }
  };
}

async function presentGroups(db: Db, groups: GroupRow[]) {
  const [all, target] = await Promise.all([q.reportsOfGroups(db, groups), targetsOf(db, groups)]);
  const resolverIds = [...new Set(all.map((r) => r.r.resolvedBy).filter((x): x is number => x !== null))];
  const resolvers = new Map((await q.usersByIds(db, resolverIds)).map((u) => [u.id, u]));
  return groups.map((g) => {
    const mine = all.filter((x) => x.r.targetType === g.targetType && x.r.targetId === g.targetId && x.r.status === g.status);
    const reasons = new Map<string, number>();
    for (const x of mine) reasons.set(x.r.reason, (reasons.get(x.r.reason) ?? 0) + 1);
    const latest = mine[0]?.r;
    return {
      id: g.id,
      targetType: g.targetType,
      targetId: g.targetId,
      target: target(g),
      status: g.status,
      count: g.count,
      reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
      reports: mine.slice(0, SHOWN_PER_GROUP).map((x) => ({
        id: x.r.id,
        reporter: x.reporter?.id ? x.reporter : null,
        reason: x.r.reason,
        detail: x.r.detail,
        createdAt: x.r.createdAt.toISOString(),
      })),
      firstAt: new Date(g.firstAt).toISOString(),
      lastAt: new Date(g.lastAt).toISOString(),
      resolvedBy: latest?.resolvedBy ? (resolvers.get(latest.resolvedBy) ?? null) : null,
      resolution: latest?.resolution ?? null,
      resolvedAt: latest?.resolvedAt ? latest.resolvedAt.toISOString() : null,
    };
  });
}

export async function pageQueue(db: Db, query: CallParsed<'adminReportsPage'>['query']) {
  const where = q.reportFilter({ status: query.status, targetType: query.targetType });
  const { rows, ...total } = await q.pageGroups(db, where, query.pageSize, offsetOf(query));
  return { ...total, list: await presentGroups(db, rows) };
}

const ACTION_NAMES = { dismiss: '驳回举报', hide: '隐藏', delete: '删除', ban: '封禁' } as const;
const TARGET_NAMES = REPORT_TARGET_NAMES;

/**
 * What a reporter is told once their report is closed: that it was dealt with or found within the rules, never what
 * happened to the person reported (nor the editor's note, which may say).
 */
function outcomeMessage(targetType: q.TargetType, reason: string, status: 'resolved' | 'dismissed'): string {
  const what = `你举报的${TARGET_NAMES[targetType]}（${reason}）`;
  return status === 'resolved' ? `${what}已处理，感谢你帮助维护拾句。` : `${what}经编辑核查，未发现违反社区规则的情况。感谢你的反馈。`;
}

/**
 * Applies the action to the target inside the audited transaction; answers the texts whose pages changed. A ban
 * comes with its user and changeUser's transaction (the same as `tx`), which the ban's writes need.
 */
async function act(
  tx: Tx,
  broadcast: Broadcast,
  actorId: number,
  r: q.ReportRow,
  body: CallParsed<'adminResolveReport'>['body'],
  ban: { owner: number; tx: UserTx } | null,
) {
  const why = body.note || `被举报：${r.reason}`;
  const essayIds: number[] = [];
  switch (body.action) {
    case 'dismiss':
      break;
    case 'hide':
    case 'delete':
      if (r.targetType === 'user') throw invalid('action 用户不能隐藏或删除，请选择封禁');
      if (r.targetType === 'essay') {
        if (body.action === 'hide') await hideInTx(tx, broadcast, r.targetId, why);
        else await deleteInTx(tx, broadcast, r.targetId, why);
        essayIds.push(r.targetId);
      } else if (r.targetType === 'collection') {
        // A reader's folder is hidden from others, never deleted: its texts are still theirs.
        await setCollectionHidden(tx, r.targetId, true);
      } else if (r.targetType === 'thought') {
        // A 想法 is hidden from others, never deleted: it is still its writer's.
        const essayId = await hideThoughtInTx(tx, r.targetId);
        if (essayId) essayIds.push(essayId);
      } else if (r.targetType === 'evidence') {
        // Evidence is hidden from others, never deleted: it stays in the text's record for editors.
        const essayId = await hideEvidenceInTx(tx, r.targetId);
        if (essayId) essayIds.push(essayId);
      } else if (r.targetType === 'note') {
        const essayId = await removeNoteInTx(tx, r.targetId, actorId, why);
        if (essayId) essayIds.push(essayId);
      } else {
        const c = await findVisible(tx, r.targetId);
        if (c) {
          await removeComment(tx, c);
          essayIds.push(c.essayId);
        }
      }
      break;
    case 'ban': {
      if (!ban) throw notFound('被举报的用户不存在');
      const banned = await banInTx(ban.tx, actorId, ban.owner, why, body.until);
      essayIds.push(...banned.touched);
      break;
    }
  }
  const status = body.action === 'dismiss' ? 'dismissed' : 'resolved';
  const closed = await q.closeOpen(tx, r, status, actorId, body.note || ACTION_NAMES[body.action]);
  // Each reporter still with an account hears how their report ended.
  for (const c of closed)
    if (c.reporterId !== null)
      await notify(tx, { userId: c.reporterId, type: 'system', actorId: null, content: outcomeMessage(r.targetType, c.reason, status) });
  return { essayIds, closed: closed.length };
}

/** Who wrote what a report is about (the user reported, or the author of the text or comment, whatever its state). */
async function reportedUser(db: Db, r: q.ReportRow): Promise<number | null> {
  if (r.targetType === 'user') return r.targetId;
  if (r.targetType === 'essay') return (await findEssay(db, r.targetId))?.authorId ?? null;
  if (r.targetType === 'note') return (await noteTargets(db, [r.targetId]))[0]?.owner?.id ?? null;
  if (r.targetType === 'collection') return (await findCollection(db, r.targetId))?.userId ?? null;
  if (r.targetType === 'thought') return (await thoughtTargets(db, [r.targetId]))[0]?.ownerId ?? null;
  if (r.targetType === 'evidence') return (await evidenceTargets(db, [r.targetId]))[0]?.owner?.id ?? null;
  return (await q.commentTargets(db, [r.targetId]))[0]?.owner.id ?? null;
}

export async function resolve(
  db: Db,
  broadcast: Broadcast,
  actor: NonNullable<Actor>,
  id: number,
  body: CallParsed<'adminResolveReport'>['body'],
) {
  const r = await q.findReport(db, id);
  if (!r) throw notFound('举报不存在');
  if (r.status !== 'open') throw invalid('id 该举报已处理');
  const owner = body.action === 'ban' ? await reportedUser(db, r) : null;
  const work = (tx: Tx, userTx: UserTx | null) =>
    auditedIn(
      tx,
      actor,
      (x: Awaited<ReturnType<typeof act>>) => ({
        action: `report.${body.action}`,
        targetType: r.targetType,
        targetId: r.targetId,
        summary: { reportId: id, reports: x.closed, note: body.note ?? null, until: body.until ?? null },
      }),
      (tx) => act(tx, broadcast, actor.id, r, body, owner !== null && userTx ? { owner, tx: userTx } : null),
    );
  // A ban changes its user (their sessions end everywhere); the other actions change texts and comments only.
  const done = owner === null ? await db.transaction((tx) => work(tx, null)) : await changeUser(db, broadcast, owner, (tx) => work(tx, tx));
  forgetAll(broadcast, done.essayIds);
  const status = body.action === 'dismiss' ? 'dismissed' : 'resolved';
  const { rows } = await q.pageGroups(db, q.reportFilter({ targetType: r.targetType, targetId: r.targetId, status }), 1, 0);
  return (await presentGroups(db, rows))[0]!;
}

/** 我的举报: the caller's reports, newest first, with what they are told of each outcome. */
export async function myReports(db: Db, me: UserRow, page: CallParsed<'myReports'>['query']) {
  const { rows, ...total } = await q.pageOfReporter(db, me.id, page.pageSize, offsetOf(page));
  const target = await targetsOf(db, rows);
  return {
    ...total,
    list: rows.map((r) => {
      const t = target(r);
      return {
        id: r.id,
        targetType: r.targetType,
        targetId: r.targetId,
        targetTitle: t.status === 'missing' ? null : t.title,
        essayId: t.essayId,
        reason: r.reason,
        detail: r.detail,
        status: r.status,
        outcome: r.status === 'open' ? '处理中：编辑会尽快核查' : outcomeMessage(r.targetType, r.reason, r.status),
        createdAt: r.createdAt.toISOString(),
        resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
      };
    }),
  };
}
