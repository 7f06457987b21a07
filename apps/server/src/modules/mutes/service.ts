import { MUTE_LIMIT, type CallParsed, type Mute } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import type { Broadcast } from '../../lib/broadcast.js';
import { allow } from '../limits/index.js';
import { findActiveUser, type UserRow } from '../users/index.js';
import * as q from './queries.js';

/** Mutes and unmutes one reader may make a minute: enough for tidying a list, not for a script. */
const WRITES_PER_MINUTE = 60;

function present(r: q.MuteListRow): Mute {
  const targetId = r.tagId ?? r.classificationId ?? r.mutedUserId ?? null;
  const name = r.tagName ?? r.classificationName ?? r.nickname ?? r.authorName ?? '';
  return { id: r.id, kind: r.kind, targetId, name, createdAt: r.createdAt.toISOString() };
}

/** The feed's kept total counts without muted texts: drop it in every process (the discovery module's 'feed' key). */
const forgetFeed = (broadcast: Broadcast, userId: number) => broadcast.invalidate('feed', String(userId));

export async function mine(db: Db, me: UserRow) {
  const list = (await q.mutesOf(db, me.id)).map(present);
  return { list, total: list.length };
}

/** The target as stored, after checking it exists (A0400 naming the field when it does not). */
async function targetOf(db: Db, me: UserRow, body: CallParsed<'createMute'>['body']): Promise<q.MuteTarget> {
  const none = { tagId: null, classificationId: null, mutedUserId: null, authorName: null };
  const id = body.targetId!;
  switch (body.kind) {
    case 'tag':
      if (!(await q.tagExists(db, id))) throw invalid('targetId 标签不存在');
      return { ...none, kind: 'tag', tagId: id };
    case 'classification':
      if (!(await q.classificationExists(db, id))) throw invalid('targetId 分类不存在');
      return { ...none, kind: 'classification', classificationId: id };
    case 'user':
      if (id === me.id) throw invalid('targetId 不能屏蔽自己');
      if (!(await findActiveUser(db, id))) throw invalid('targetId 用户不存在');
      return { ...none, kind: 'user', mutedUserId: id };
    case 'author':
      return { ...none, kind: 'author', authorName: body.name! };
  }
}

async function throttle(db: Db, me: UserRow) {
  if (!(await allow(db, { key: `mutes:${me.id}`, windowMs: 60_000 }, WRITES_PER_MINUTE)))
    throw new AppError('A0501', '操作太频繁，请稍后再试');
}

/** Mutes a target; muting it again answers the existing mute. At most MUTE_LIMIT in all. */
export async function create(db: Db, broadcast: Broadcast, me: UserRow, body: CallParsed<'createMute'>['body']): Promise<Mute> {
  const target = await targetOf(db, me, body);
  await throttle(db, me);
  let id = await q.findMuteOf(db, me.id, target);
  if (id === null) {
    if ((await q.countMutes(db, me.id)) >= MUTE_LIMIT) throw invalid(`kind 屏蔽已达上限：最多屏蔽 ${MUTE_LIMIT} 项，请先在设置中取消一些`);
    id = (await q.insertMute(db, me.id, target)) ?? (await q.findMuteOf(db, me.id, target));
    forgetFeed(broadcast, me.id);
  }
  const row = (await q.mutesOf(db, me.id)).find((r) => r.id === id);
  if (!row) throw notFound('屏蔽不存在');
  return present(row);
}

/** Undoes one of the reader's own mutes; someone else's answers A0301 and changes nothing. */
export async function remove(db: Db, broadcast: Broadcast, me: UserRow, id: number) {
  const row = await q.findMute(db, id);
  if (!row) throw notFound('屏蔽不存在');
  if (row.userId !== me.id) throw forbidden();
  await throttle(db, me);
  await q.deleteMute(db, id);
  forgetFeed(broadcast, me.id);
  return { ok: true as const };
}

/** The names a signed-in reader muted, for filtering lists kept for everyone (search suggestions) after the fact. */
export async function mutedNames(db: Db, userId: number) {
  const rows = await q.mutesOf(db, userId);
  return {
    tagIds: new Set(rows.flatMap((r) => (r.tagId ? [r.tagId] : []))),
    authors: new Set(rows.flatMap((r) => (r.authorName ? [r.authorName] : []))),
    any: rows.length > 0,
  };
}
