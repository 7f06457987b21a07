/**
 * Users in the console: ban (every session revoked at once, texts and comments hidden from others while it
 * lasts), unban, role. An admin can neither ban nor demote themself, nor the last active admin.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from './queries.js';
import { forgetEssay, forgetLists, type Broadcast } from '../../lib/broadcast.js';
import { changeUser, type UserTx } from './changes.js';
import { invalid, notFound } from '../../http/errors.js';
import type { Exec, Tx } from '../../db/client.js';
import { auditedIn, type Actor } from '../audit/index.js';
import { iso } from '../../lib/time.js';
import * as adminQueries from './adminQueries.js';
import { activeAdminCount, revokeAllSessions, setCommentsBanned, setEssaysBanned } from './adminQueries.js';

const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** The A0220 message: until when (Beijing time) and why. */
export function banMessage(u: Pick<UserRow, 'bannedUntil' | 'banReason'>) {
  const until = u.bannedUntil ? `封禁至 ${fmt(u.bannedUntil)}（北京时间）` : '永久封禁';
  return u.banReason ? `${until}，原因：${u.banReason}` : until;
}

function presentAdminUser(u: UserRow, lastActiveAt: Date | string | null = null) {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    bio: u.bio,
    role: u.role,
    noteEditor: u.noteEditor,
    status: u.status,
    banReason: u.status === 'banned' ? u.banReason : null,
    bannedUntil: u.status === 'banned' ? iso(u.bannedUntil) : null,
    memberUntil: iso(u.memberUntil),
    essayCount: u.essayCount,
    followerCount: u.followerCount,
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: iso(lastActiveAt ? new Date(lastActiveAt) : null),
  };
}

export async function pageUsers(db: Db, q: CallParsed<'adminUsersPage'>['query']) {
  const { rows, ...total } = await adminQueries.pageAll(db, q);
  return { ...total, list: rows.map((r) => presentAdminUser(r.u, r.lastActive)) };
}

async function loadUser(db: Exec, id: number) {
  const u = await adminQueries.lockUser(db, id);
  if (!u) throw notFound('用户不存在');
  return u;
}

async function refuseLastAdmin(tx: Tx, target: UserRow, what: string) {
  if (target.role === 'admin' && target.status === 'active' && (await activeAdminCount(tx)) <= 1)
    throw invalid(`id 不能${what}最后一位管理员`);
}

/** Inside changeUser: the ban itself, shared by the users page and report resolution. */
export async function banInTx(tx: UserTx, actorId: number, id: number, reason: string, until: string | null | undefined) {
  if (id === actorId) throw invalid('id 不能封禁自己');
  const target = await loadUser(tx, id);
  if (target.status === 'deleted') throw invalid('id 该账号已注销');
  if (until && new Date(until).getTime() <= Date.now()) throw invalid('until 封禁结束时间必须晚于现在');
  await refuseLastAdmin(tx, target, '封禁');
  const first = target.status !== 'banned';
  const after = await adminQueries.updateUser(tx, id, { status: 'banned', banReason: reason, bannedUntil: until ? new Date(until) : null });
  const sessions = await revokeAllSessions(tx, id);
  const essays = first ? await setEssaysBanned(tx, id, true) : [];
  const hidden = first ? await setCommentsBanned(tx, id, true) : { comments: 0, essayIds: [] };
  return {
    user: after,
    summary: { reason, until: until ?? null, sessions, essays: essays.length, comments: hidden.comments },
    touched: [...essays, ...hidden.essayIds],
  };
}

/** Drops cached details of the texts a ban touched and the list pages (the banned user's sessions: changeUser). */
export function forgetAll(broadcast: Broadcast, ids: number[]) {
  for (const id of ids) forgetEssay(broadcast, id);
  forgetLists(broadcast);
}

export async function banUser(
  db: Db,
  broadcast: Broadcast,
  actor: NonNullable<Actor>,
  id: number,
  body: CallParsed<'adminBanUser'>['body'],
) {
  const r = await changeUser(db, broadcast, id, (tx) =>
    auditedIn(
      tx,
      actor,
      (x: Awaited<ReturnType<typeof banInTx>>) => ({ action: 'user.ban', targetType: 'user', targetId: id, summary: x.summary }),
      (tx) => banInTx(tx, actor.id, id, body.reason, body.until),
    ),
  );
  forgetAll(broadcast, r.touched);
  return presentAdminUser(r.user);
}

async function unbanInTx(tx: UserTx, id: number) {
  const target = await loadUser(tx, id);
  if (target.status !== 'banned') throw invalid('id 该用户未被封禁');
  const after = await adminQueries.updateUser(tx, id, { status: 'active', banReason: null, bannedUntil: null });
  const essays = await setEssaysBanned(tx, id, false);
  const shown = await setCommentsBanned(tx, id, false);
  return { user: after, summary: { essays: essays.length, comments: shown.comments }, touched: [...essays, ...shown.essayIds] };
}

export async function unbanUser(db: Db, broadcast: Broadcast, actor: Actor, id: number) {
  const r = await changeUser(db, broadcast, id, (tx) =>
    auditedIn(
      tx,
      actor,
      (x: Awaited<ReturnType<typeof unbanInTx>>) => ({
        action: actor ? 'user.unban' : 'user.unban.expired',
        targetType: 'user',
        targetId: id,
        summary: x.summary,
      }),
      (tx) => unbanInTx(tx, id),
    ),
  );
  forgetAll(broadcast, r.touched);
  return presentAdminUser(r.user);
}

/** A ban whose end has passed lifts itself when its user next signs in (and by the hourly job). */
export async function liftExpiredBan(db: Db, broadcast: Broadcast, u: UserRow) {
  if (u.status !== 'banned' || !u.bannedUntil || u.bannedUntil.getTime() > Date.now()) return false;
  await unbanUser(db, broadcast, null, u.id);
  return true;
}

export async function liftExpiredBans(db: Db, broadcast: Broadcast) {
  const due = await adminQueries.expiredBans(db);
  for (const u of due) await liftExpiredBan(db, broadcast, u);
  return due.length;
}

export async function setRole(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number, role: UserRow['role']) {
  const user = await changeUser(db, broadcast, id, (tx) =>
    auditedIn(tx, actor, { action: 'user.role', targetType: 'user', targetId: id, summary: { role } }, async (tx) => {
      const target = await loadUser(tx, id);
      if (role !== 'admin' && target.role === 'admin') {
        if (id === actor.id) throw invalid('role 不能取消自己的管理员身份');
        await refuseLastAdmin(tx, target, '降级');
      }
      return adminQueries.updateUser(tx, id, { role });
    }),
  );
  return presentAdminUser(user);
}
