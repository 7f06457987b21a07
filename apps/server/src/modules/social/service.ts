import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { AppError, forbidden, invalid, notFound } from '../../http/errors.js';
import { blockedEitherWay, findActiveUser, isBlocked } from '../users/index.js';
import { presentEssays } from '../essays/index.js';
import { findEssay } from '../essays/index.js';
import { forgetFeed } from '../discovery/index.js';
import type { Broadcast } from '../../lib/broadcast.js';
import { notify } from '../messages/index.js';
import * as q from './queries.js';
import { offsetOf } from '../../lib/paging.js';
import { collectedBy } from '../collections/index.js';

async function activeUser(db: Db, id: number) {
  const u = await findActiveUser(db, id);
  if (!u) throw notFound('用户不存在');
  return u;
}

export async function profile(db: Db, id: number, viewer: UserRow | null) {
  const u = await activeUser(db, id);
  const [flags, blocked] = await Promise.all([q.relationFlags(db, viewer?.id, [u.id]), viewer ? isBlocked(db, viewer.id, u.id) : false]);
  return {
    id: u.id,
    nickname: u.nickname,
    avatar: u.avatar,
    bio: u.bio,
    createdAt: u.createdAt.toISOString(),
    essays: u.essayCount,
    following: u.followingCount,
    followers: u.followerCount,
    likesReceived: u.likesReceived,
    likesPublic: u.likesPublic,
    collectsPublic: u.collectsPublic,
    isFollowing: flags.following.has(u.id),
    isMember: u.memberUntil !== null && u.memberUntil.getTime() > Date.now(),
    isBlocked: blocked,
  };
}

export async function follow(db: Db, me: UserRow, id: number, on: boolean) {
  if (id === me.id) throw invalid('id 不能关注自己');
  await activeUser(db, id);
  if (on && (await blockedEitherWay(db, me.id, id))) throw new AppError('A0301', '你们之间存在拉黑关系，无法关注');
  await q.setFollow(db, me.id, id, on, on ? (tx) => notify(tx, { userId: id, type: 'follow', actorId: me.id }) : undefined);
  return { ok: true as const };
}

export async function relations(
  db: Db,
  id: number,
  type: 'following' | 'followers',
  page: { pageNum: number; pageSize: number },
  viewer: UserRow | null,
) {
  await activeUser(db, id);
  const { list, ...total } = await q.pageRelations(db, id, type, page.pageSize, offsetOf(page));
  const flags = await q.relationFlags(
    db,
    viewer?.id,
    list.map((u) => u.id),
  );
  return { ...total, list: list.map((u) => ({ ...u, isFollowing: flags.following.has(u.id), followsMe: flags.followers.has(u.id) })) };
}

/** Likes or collections of a user; A0301 when they keep them private (they always see their own). */
export async function reacted(
  db: Db,
  kind: 'like' | 'collect',
  id: number,
  page: { pageNum: number; pageSize: number },
  viewer: UserRow | null,
) {
  if (kind === 'collect') {
    // Others see only what sits in public 收藏夹.
    const shown = await collectedBy(db, id, page, viewer);
    if (shown) return shown;
  }
  const u = await activeUser(db, id);
  const isPublic = kind === 'like' ? u.likesPublic : u.collectsPublic;
  if (!isPublic && viewer?.id !== u.id) throw forbidden();
  const { ids, ...total } = await q.pageReactedIds(db, kind, id, page.pageSize, offsetOf(page), viewer?.id);
  return { list: await presentEssays(db, ids, viewer?.id), ...total };
}

export async function uninterested(db: Db, broadcast: Broadcast, me: UserRow, essayId: number) {
  const e = await findEssay(db, essayId);
  if (!e) throw notFound('作品不存在');
  await q.markUninterested(db, me.id, essayId);
  forgetFeed(broadcast, me.id);
  return { ok: true as const };
}
