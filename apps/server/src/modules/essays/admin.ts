/**
 * Moderating texts: the review of pending texts (approve publishes, reject needs a reason; the author is
 * told either way), and hiding any text from the site (status `hidden`, the author sees why and cannot
 * republish it) until an editor restores it. Counts move through essays' `changeStatus`.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db, Tx } from '../../db/client.js';
import * as adminQueries from './adminQueries.js';
import { invalid, notFound } from '../../http/errors.js';
import type { EssayRow } from './queries.js';
import { changeStatus } from './service.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import type { SensitiveWords } from '../../lib/sensitive.js';

/** What the console's text actions need of the app (runtime.ts). */
interface AdminRuntime {
  broadcast: Broadcast;
  sensitive: SensitiveWords;
}
import { notify } from '../messages/index.js';
import { audited, type Actor } from '../audit/index.js';
import { presentAdminEssay } from './adminPresenter.js';

export async function pageEssays(db: Db, q: CallParsed<'adminEssaysPage'>['query'], sensitive: SensitiveWords) {
  const { rows, ...total } = await adminQueries.pageAll(db, q);
  return { ...total, list: rows.map((r) => presentAdminEssay(r, sensitive)) };
}

/** Reloads the text after a change; caches are dropped again now the change is committed. */
async function loadOne(db: Db, rt: AdminRuntime, id: number) {
  forgetEssay(rt.broadcast, id, true);
  const row = await adminQueries.loadOne(db, id);
  if (!row) throw notFound('作品不存在');
  return presentAdminEssay(row, rt.sensitive);
}

async function lockEssay(tx: Tx, id: number) {
  const e = await adminQueries.lockEssay(tx, id);
  if (!e) throw notFound('作品不存在');
  return e;
}

/** Nothing of a banned author goes (back) on the site until the ban ends. */
async function refuseIfAuthorBanned(tx: Tx, e: EssayRow) {
  if ((await adminQueries.authorStatus(tx, e.authorId)) === 'banned') throw invalid('status 作者正在封禁中，解封前不能公开其作品');
}

const named = (e: Pick<EssayRow, 'title' | 'summary'>) => `《${e.title ?? e.summary.slice(0, 20)}》`;

async function tellAuthor(tx: Tx, e: EssayRow, content: string) {
  await notify(tx, { userId: e.authorId, type: 'system', actorId: null, essayId: e.id, content });
}

export async function review(
  db: Db,
  rt: AdminRuntime,
  actor: NonNullable<Actor>,
  id: number,
  body: CallParsed<'adminReviewEssay'>['body'],
) {
  await audited(
    db,
    actor,
    { action: `essay.${body.action}`, targetType: 'essay', targetId: id, summary: body.reason ? { reason: body.reason } : {} },
    async (tx) => {
      const e = await lockEssay(tx, id);
      if (e.status !== 'pending') throw invalid('status 只能审核待审核的作品');
      if (body.action === 'approve') {
        await refuseIfAuthorBanned(tx, e);
        await changeStatus(tx, rt.broadcast, e, { status: 'published', statusReason: null });
        await tellAuthor(tx, e, `你的作品${named(e)}已通过审核并发布`);
      } else {
        await changeStatus(tx, rt.broadcast, e, { status: 'rejected', statusReason: body.reason ?? null });
        await tellAuthor(tx, e, `你的作品${named(e)}未通过审核：${body.reason ?? ''}`);
      }
    },
  );
  return loadOne(db, rt, id);
}

/** Inside a transaction: takes any text off the site; answers false when it already was hidden. */
export async function hideInTx(tx: Tx, broadcast: Broadcast, id: number, reason: string) {
  const e = await lockEssay(tx, id);
  if (e.status === 'hidden') return false;
  await changeStatus(tx, broadcast, e, { status: 'hidden', statusReason: reason, hiddenByBan: false });
  await tellAuthor(tx, e, `你的作品${named(e)}已被隐藏：${reason}`);
  return true;
}

/** Inside a transaction: removes a text for good (a resolved report), telling its author why. */
export async function deleteInTx(tx: Tx, broadcast: Broadcast, id: number, reason: string) {
  const e = await lockEssay(tx, id);
  await changeStatus(tx, broadcast, e, { status: 'deleted', statusReason: reason });
  await tellAuthor(tx, e, `你的作品${named(e)}已被删除：${reason}`);
}

export async function hide(db: Db, rt: AdminRuntime, actor: NonNullable<Actor>, id: number, reason: string) {
  await audited(db, actor, { action: 'essay.hide', targetType: 'essay', targetId: id, summary: { reason } }, async (tx) => {
    if (!(await hideInTx(tx, rt.broadcast, id, reason))) throw invalid('status 作品已被隐藏');
  });
  return loadOne(db, rt, id);
}

/** Back to where hiding took it: published if it ever was, otherwise the author's drafts. */
export async function restore(db: Db, rt: AdminRuntime, actor: NonNullable<Actor>, id: number) {
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
      await changeStatus(tx, rt.broadcast, e, { status, statusReason: null });
      await tellAuthor(tx, e, `你的作品${named(e)}已恢复${status === 'published' ? '公开' : '为草稿'}`);
      return status;
    },
  );
  return loadOne(db, rt, id);
}
