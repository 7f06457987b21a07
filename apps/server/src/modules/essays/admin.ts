/**
 * Moderating texts: the review of pending texts (approve publishes, reject needs a reason; the author is
 * told either way), and hiding any text from the site (status `hidden`, the author sees why and cannot
 * republish it) until an editor restores it. Counts move through essays' `changeStatus`.
 */
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { classifications, essays, reports, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import type { EssayRow, Tx } from './queries.js';
import { changeStatus } from './service.js';
import { forgetEssay } from './cache.js';
import { notify } from '../messages/service.js';
import { audited, type Actor } from '../audit/service.js';
import { likePattern } from '../../lib/text.js';
import { presentAdminEssay } from './adminPresenter.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

const openReports = sql<number>`(select count(*)::int from ${reports} where ${reports.targetType} = 'essay' and ${reports.targetId} = ${essays.id} and ${reports.status} = 'open')`;

function loadRows(db: Db | Tx, where: SQL | undefined) {
  return (db as Db)
    .select({
      e: essays,
      author: { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar, status: users.status },
      classification: { id: classifications.id, name: classifications.name },
      openReports,
    })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .leftJoin(classifications, eq(classifications.id, essays.classificationId))
    .where(where);
}

export async function pageEssays(db: Db, q: CallParsed<'adminEssaysPage'>['query'], sensitiveFile?: string) {
  const like = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    q.status ? eq(essays.status, q.status) : ne(essays.status, 'deleted'),
    q.type ? eq(essays.type, q.type) : undefined,
    q.classificationId ? eq(essays.classificationId, q.classificationId) : undefined,
    q.authorId ? eq(essays.authorId, q.authorId) : undefined,
    like ? or(ilike(essays.title, like), ilike(essays.content, like), ilike(essays.source, like)) : undefined,
  );
  // The review queue is first come, first served; everything else newest first.
  const byDefault = q.status === 'pending' ? [asc(essays.updatedAt), asc(essays.id)] : [desc(essays.createdAt), desc(essays.id)];
  const order = sortedBy(
    q,
    { createdAt: essays.createdAt, publishedAt: essays.publishedAt, views: essays.views, likes: essays.likes, comments: essays.comments },
    essays.id,
    byDefault,
  );
  const { rows, ...total } = await withTotal(
    loadRows(db, where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    // Every text of the corpus is here: count up to the cap, never the whole table.
    countUpTo(db, db.select(one).from(essays).where(where).$dynamic()),
  );
  return { ...total, list: rows.map((r) => presentAdminEssay(r, sensitiveFile)) };
}

/** Reloads the text after a change; caches are dropped again now the change is committed. */
async function loadOne(db: Db | Tx, id: number, sensitiveFile?: string) {
  forgetEssay(id, true);
  const [row] = await loadRows(db, eq(essays.id, id)).limit(1);
  if (!row) throw notFound('作品不存在');
  return presentAdminEssay(row, sensitiveFile);
}

async function lockEssay(tx: Tx, id: number) {
  const [e] = await tx
    .select()
    .from(essays)
    .where(and(eq(essays.id, id), ne(essays.status, 'deleted')))
    .for('update');
  if (!e) throw notFound('作品不存在');
  return e;
}

/** Nothing of a banned author goes (back) on the site until the ban ends. */
async function refuseIfAuthorBanned(tx: Tx, e: EssayRow) {
  const [a] = await tx.select({ status: users.status }).from(users).where(eq(users.id, e.authorId));
  if (a?.status === 'banned') throw invalid('status 作者正在封禁中，解封前不能公开其作品');
}

const named = (e: Pick<EssayRow, 'title' | 'summary'>) => `《${e.title ?? e.summary.slice(0, 20)}》`;

async function tellAuthor(tx: Tx, e: EssayRow, content: string) {
  await notify(tx, { userId: e.authorId, type: 'system', actorId: null, essayId: e.id, content });
}

export async function review(db: Db, actor: NonNullable<Actor>, id: number, body: CallParsed<'adminReviewEssay'>['body'], file?: string) {
  await audited(
    db,
    actor,
    { action: `essay.${body.action}`, targetType: 'essay', targetId: id, summary: body.reason ? { reason: body.reason } : {} },
    async (tx) => {
      const e = await lockEssay(tx, id);
      if (e.status !== 'pending') throw invalid('status 只能审核待审核的作品');
      if (body.action === 'approve') {
        await refuseIfAuthorBanned(tx, e);
        await changeStatus(tx, e, { status: 'published', statusReason: null });
        await tellAuthor(tx, e, `你的作品${named(e)}已通过审核并发布`);
      } else {
        await changeStatus(tx, e, { status: 'rejected', statusReason: body.reason ?? null });
        await tellAuthor(tx, e, `你的作品${named(e)}未通过审核：${body.reason ?? ''}`);
      }
    },
  );
  return loadOne(db, id, file);
}

/** Inside a transaction: takes any text off the site; answers false when it already was hidden. */
export async function hideInTx(tx: Tx, id: number, reason: string) {
  const e = await lockEssay(tx, id);
  if (e.status === 'hidden') return false;
  await changeStatus(tx, e, { status: 'hidden', statusReason: reason, hiddenByBan: false });
  await tellAuthor(tx, e, `你的作品${named(e)}已被隐藏：${reason}`);
  return true;
}

/** Inside a transaction: removes a text for good (a resolved report), telling its author why. */
export async function deleteInTx(tx: Tx, id: number, reason: string) {
  const e = await lockEssay(tx, id);
  await changeStatus(tx, e, { status: 'deleted', statusReason: reason });
  await tellAuthor(tx, e, `你的作品${named(e)}已被删除：${reason}`);
}

export async function hide(db: Db, actor: NonNullable<Actor>, id: number, reason: string, file?: string) {
  await audited(db, actor, { action: 'essay.hide', targetType: 'essay', targetId: id, summary: { reason } }, async (tx) => {
    if (!(await hideInTx(tx, id, reason))) throw invalid('status 作品已被隐藏');
  });
  return loadOne(db, id, file);
}

/** Back to where hiding took it: published if it ever was, otherwise the author's drafts. */
export async function restore(db: Db, actor: NonNullable<Actor>, id: number, file?: string) {
  await audited(
    db,
    actor,
    (status: string) => ({ action: 'essay.restore', targetType: 'essay', targetId: id, summary: { status } }),
    async (tx) => {
      const e = await lockEssay(tx, id);
      if (e.status !== 'hidden') throw invalid('status 只能恢复被隐藏的作品');
      if (e.hiddenByBan) throw invalid('status 作者仍在封禁中，解封后作品自动恢复');
      const status = e.publishedAt ? ('published' as const) : ('draft' as const);
      if (status === 'published') await refuseIfAuthorBanned(tx, e);
      await changeStatus(tx, e, { status, statusReason: null });
      await tellAuthor(tx, e, `你的作品${named(e)}已恢复${status === 'published' ? '公开' : '为草稿'}`);
      return status;
    },
  );
  return loadOne(db, id, file);
}
