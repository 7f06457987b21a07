import { COLLECTION_LIMITS, DEFAULT_COLLECTION_NAME, type CallParsed } from '@shiju/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import { offsetOf } from '../../lib/paging.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { shanghaiDate } from '../../lib/time.js';
import { audited, type Actor } from '../audit/index.js';
import { findEssay, presentEssays, react, toggleReaction } from '../essays/index.js';
import { notify } from '../messages/index.js';
import { blockedEitherWay, findActiveUser, type UserRow } from '../users/index.js';
import { presentFolder, presentFolderFields } from './presenter.js';
import * as q from './queries.js';

export interface CollectionRuntime {
  broadcast: Broadcast;
  now: () => Date;
  sensitive: SensitiveWords;
}

type Page = { pageNum: number; pageSize: number };

/** The viewer's own folder, for a write: anyone else's (or none) answers A0404. */
async function ownFolder(db: Db, me: UserRow, id: number) {
  const f = await q.findFolder(db, id);
  if (!f || f.userId !== me.id) throw notFound('收藏夹不存在');
  return f;
}

/**
 * A folder as the viewer may see it: its owner always; anyone else only a public one that no editor hid, of an
 * active owner who shows their collections and with no block between them. Otherwise A0404, whatever the reason.
 */
async function visibleFolder(db: Db, id: number, viewer: UserRow | null) {
  const f = await q.findFolder(db, id);
  if (!f) throw notFound('收藏夹不存在');
  if (viewer?.id === f.userId) return f;
  const owner = await findActiveUser(db, f.userId);
  if (!owner || !owner.collectsPublic || !f.isPublic || f.hiddenAt !== null) throw notFound('收藏夹不存在');
  if (viewer && (await blockedEitherWay(db, viewer.id, f.userId))) throw notFound('收藏夹不存在');
  return f;
}

/** The default folder, with any collect made without a folder (imported ones) put in it. */
async function defaultOf(db: Db, userId: number) {
  const d = await q.ensureDefault(db, userId, DEFAULT_COLLECTION_NAME);
  await q.adoptLooseCollects(db, userId, d.id);
  return d;
}

async function present(db: Db, rows: q.FolderWithOwner[], viewerId?: number) {
  const following = await q.followingSet(
    db,
    viewerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentFolder(r, following.has(r.id)));
}

function refuseWords(rt: CollectionRuntime, v: { name?: string; description?: string; cover?: string | null }) {
  if (v.name !== undefined) rt.sensitive.refuse('name', v.name);
  if (v.description) rt.sensitive.refuse('description', v.description);
  if (v.cover) rt.sensitive.refuse('cover', v.cover);
}

function checkRoom(f: { name: string; itemCount: number }, adding: number) {
  if (f.itemCount + adding > COLLECTION_LIMITS.items)
    throw invalid(`收藏夹「${f.name}」已满：每个收藏夹最多 ${COLLECTION_LIMITS.items} 篇作品`);
}

/** Followers of a public folder that just gained texts hear of it, each at most once a day. */
async function tellFollowers(tx: Tx, f: { id: number; userId: number; name: string; isPublic: boolean; hiddenAt: Date | null }, now: Date) {
  if (!f.isPublic || f.hiddenAt) return;
  const ids = await q.claimFollowersToTell(tx, f.id, shanghaiDate(now));
  for (const userId of ids)
    await notify(tx, { userId, type: 'system', actorId: f.userId, content: `你关注的收藏夹「${f.name}」有新收录，去「收藏夹更新」看看` });
}

/** Takes texts no longer in any of the reader's folders out of their collects (the text's counter moves). */
async function dropUnheld(tx: Tx, broadcast: Broadcast, userId: number, essayIds: number[]) {
  const held = await q.stillHeld(tx, userId, essayIds);
  const dropped = essayIds.filter((id) => !held.has(id));
  for (const id of dropped) await toggleReaction(tx, 'collect', false, userId, id);
  return () => dropped.forEach((id) => forgetEssay(broadcast, id));
}

// ---------- the seed's 收藏 ----------

/** `beLike` type=collect: into the default folder; its PUT: out of every folder. The seed's answer either way. */
export async function collect(db: Db, rt: CollectionRuntime, me: UserRow, essayId: number, on: boolean) {
  const e = await findEssay(db, essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const d = on ? await q.ensureDefault(db, me.id, DEFAULT_COLLECTION_NAME) : null;
  await db.transaction(async (tx) => {
    if (d) {
      const row = (await q.findFolder(tx, d.id))!;
      checkRoom(row, 1);
      if ((await q.addItems(tx, d.id, [essayId], rt.now())).length) await tellFollowers(tx, d, rt.now());
    } else await q.removeFromAll(tx, me.id, essayId);
  });
  return react(db, rt, me, essayId, 'collect', on);
}

// ---------- reading ----------

export async function mine(db: Db, me: UserRow, essayId?: number) {
  await defaultOf(db, me.id);
  const rows = await q.foldersOf(db, me.id, false);
  return { list: await present(db, rows, me.id), containing: essayId ? await q.foldersHolding(db, me.id, essayId) : [] };
}

export async function ofUser(db: Db, id: number, viewer: UserRow | null) {
  const u = await findActiveUser(db, id);
  if (!u) throw notFound('用户不存在');
  const self = viewer?.id === u.id;
  if (!self && !u.collectsPublic) throw forbidden();
  if (!self && viewer && (await blockedEitherWay(db, viewer.id, u.id))) return { list: [] };
  await defaultOf(db, u.id);
  return { list: await present(db, await q.foldersOf(db, u.id, !self), viewer?.id) };
}

export async function one(db: Db, id: number, viewer: UserRow | null) {
  const f = await visibleFolder(db, id, viewer);
  return (await present(db, [f], viewer?.id))[0]!;
}

export async function items(db: Db, id: number, page: Page, viewer: UserRow | null) {
  const f = await visibleFolder(db, id, viewer);
  const { ids, ...total } = await q.pageItemIds(db, f.id, page.pageSize, offsetOf(page), viewer?.id);
  return { list: await presentEssays(db, ids, viewer?.id), ...total };
}

/** /othersCollect: everything for the owner; for anyone else the texts of public folders (A0301 when all are private). */
export async function collectedBy(db: Db, id: number, page: Page, viewer: UserRow | null) {
  const u = await findActiveUser(db, id);
  if (!u) throw notFound('用户不存在');
  if (viewer?.id === u.id) return null;
  if (!u.collectsPublic) throw forbidden();
  await defaultOf(db, u.id);
  const { ids, ...total } = await q.pagePublicCollectIds(db, u.id, page.pageSize, offsetOf(page), viewer?.id);
  return { list: await presentEssays(db, ids, viewer?.id), ...total };
}

export async function updates(db: Db, me: UserRow, page: Page) {
  const { rows, ...total } = await q.pageUpdates(db, me.id, page.pageSize, offsetOf(page));
  const essays = new Map((await presentEssays(db, [...new Set(rows.map((r) => r.essayId))], me.id)).map((e) => [e.id, e]));
  return {
    ...total,
    list: rows
      .filter((r) => essays.has(r.essayId))
      .map((r) => ({
        folder: { id: r.folderId, name: r.name, owner: { id: r.ownerId, nickname: r.nickname, avatar: r.avatar } },
        essay: essays.get(r.essayId)!,
        addedAt: r.at.toISOString(),
      })),
  };
}

/** A public folder as a visitor sees it, with its first texts (the server-drawn page and its feed); A0404 otherwise. */
export async function publicView(db: Db, id: number, size: number) {
  const folder = await one(db, id, null);
  const { list } = await items(db, id, { pageNum: 1, pageSize: size }, null);
  return { folder, essays: list };
}

// ---------- writing ----------

export async function create(db: Db, rt: CollectionRuntime, me: UserRow, body: CallParsed<'createCollection'>['body']) {
  refuseWords(rt, body);
  await defaultOf(db, me.id);
  if ((await q.countFolders(db, me.id)) >= COLLECTION_LIMITS.folders)
    throw invalid(`收藏夹数量已达上限：每人最多 ${COLLECTION_LIMITS.folders} 个`);
  const row = await q.insertFolder(db, { userId: me.id, ...body, position: await q.nextPosition(db, me.id) });
  return one(db, row.id, me);
}

export async function update(db: Db, rt: CollectionRuntime, me: UserRow, id: number, body: CallParsed<'updateCollection'>['body']) {
  await ownFolder(db, me, id);
  refuseWords(rt, body);
  await q.updateFolder(db, id, body);
  return one(db, id, me);
}

export async function remove(db: Db, rt: CollectionRuntime, me: UserRow, id: number) {
  const f = await ownFolder(db, me, id);
  if (f.isDefault) throw invalid('id 默认收藏夹不能删除');
  const forget = await db.transaction(async (tx) => dropUnheld(tx, rt.broadcast, me.id, await q.deleteFolder(tx, id)));
  forget();
  return { ok: true as const };
}

export async function reorder(db: Db, me: UserRow, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw invalid('ids 含有重复的收藏夹');
  const own = new Set((await q.foldersOf(db, me.id, false)).map((f) => f.id));
  if (ids.some((id) => !own.has(id))) throw invalid('ids 含有不属于你的收藏夹');
  await db.transaction((tx) => q.setPositions(tx, me.id, ids));
  return { ok: true as const };
}

/** Chooses exactly which of the reader's folders hold a text; none: no longer collected. */
export async function setForEssay(db: Db, rt: CollectionRuntime, me: UserRow, essayId: number, folderIds: number[]) {
  const wanted = [...new Set(folderIds)];
  const folders = await Promise.all(wanted.map((id) => q.findFolder(db, id)));
  if (folders.some((f) => !f || f.userId !== me.id)) throw notFound('收藏夹不存在');
  const before = new Set(await q.foldersHolding(db, me.id, essayId));
  if (wanted.length) {
    const e = await findEssay(db, essayId);
    if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  }
  for (const f of folders) if (!before.has(f!.id)) checkRoom(f!, 1);
  await db.transaction(async (tx) => {
    for (const f of folders)
      if (!before.has(f!.id) && (await q.addItems(tx, f!.id, [essayId], rt.now())).length) await tellFollowers(tx, f!, rt.now());
    for (const id of before) if (!wanted.includes(id)) await q.removeItems(tx, id, [essayId]);
  });
  let collects: number;
  if (wanted.length) collects = (await react(db, rt, me, essayId, 'collect', true)).collects;
  else {
    const forget = await db.transaction((tx) => dropUnheld(tx, rt.broadcast, me.id, [essayId]));
    forget();
    collects = (await findEssay(db, essayId))?.collects ?? 0;
  }
  return { collected: wanted.length > 0, collects, containing: await q.foldersHolding(db, me.id, essayId) };
}

export async function removeItems(db: Db, rt: CollectionRuntime, me: UserRow, id: number, essayIds: number[]) {
  await ownFolder(db, me, id);
  const forget = await db.transaction(async (tx) =>
    dropUnheld(tx, rt.broadcast, me.id, await q.removeItems(tx, id, [...new Set(essayIds)])),
  );
  forget();
  return { ok: true as const };
}

export async function moveItems(db: Db, rt: CollectionRuntime, me: UserRow, id: number, body: CallParsed<'moveCollectionItems'>['body']) {
  if (body.toId === id) throw invalid('toId 目标收藏夹与原收藏夹相同');
  await ownFolder(db, me, id);
  const to = await ownFolder(db, me, body.toId);
  const ids = [...new Set(body.essayIds)];
  const present = await Promise.all(ids.map((e) => q.itemPosition(db, id, e)));
  const moving = ids.filter((_, i) => present[i] !== null);
  if (!moving.length) throw notFound('这些作品不在该收藏夹里');
  checkRoom(to, moving.length);
  await db.transaction(async (tx) => {
    if ((await q.addItems(tx, to.id, moving, rt.now())).length) await tellFollowers(tx, to, rt.now());
    if (!body.copy) await q.removeItems(tx, id, moving);
  });
  return { ok: true as const };
}

export async function reorderItem(db: Db, me: UserRow, id: number, body: CallParsed<'reorderCollectionItem'>['body']) {
  await ownFolder(db, me, id);
  if ((await q.itemPosition(db, id, body.essayId)) === null) throw notFound('这篇作品不在该收藏夹里');
  if (body.afterEssayId === body.essayId) throw invalid('afterEssayId 不能是要移动的作品本身');
  let after: number | null = null;
  if (body.afterEssayId !== null) {
    after = await q.itemPosition(db, id, body.afterEssayId);
    if (after === null) throw invalid('afterEssayId 不在该收藏夹里');
  }
  await q.setItemPosition(db, id, body.essayId, await q.positionAfter(db, id, after, body.essayId));
  return { ok: true as const };
}

export async function follow(db: Db, me: UserRow, id: number, on: boolean) {
  if (on) {
    const f = await visibleFolder(db, id, me);
    if (f.userId === me.id) throw invalid('id 不能关注自己的收藏夹');
    if (!f.isPublic) throw new AppError('A0301', '私密收藏夹不能关注');
  } else if (!(await q.findFolder(db, id))) throw notFound('收藏夹不存在');
  await q.setFollow(db, me.id, id, on);
  return { ok: true as const };
}

/** 收藏夹 in the console: every reader's folders, private ones included (editors moderate them). */
export async function adminPage(db: Db, query: CallParsed<'adminCollectionsPage'>['query']) {
  const page = await q.pageAll(db, query);
  return {
    list: page.rows.map(presentFolderFields),
    total: page.total,
    totalCapped: page.totalCapped,
  };
}

export async function hide(db: Db, actor: Actor, id: number, hidden: boolean) {
  const done = await audited(
    db,
    actor,
    { action: hidden ? 'collection.hide' : 'collection.restore', targetType: 'collection', targetId: id },
    (tx) => q.setHidden(tx, id, hidden),
  );
  if (!done) throw notFound('收藏夹不存在');
  return { ok: true as const };
}
