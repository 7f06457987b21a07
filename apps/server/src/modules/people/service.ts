import { AGREEMENT_VERSION, DELETION_COOLING_OFF_DAYS } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { forgetEssay, forgetLists, type Broadcast } from '../../lib/broadcast.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import { allow, reset } from '../limits/index.js';
import { offsetOf } from '../../lib/paging.js';
import { verifyPassword } from '../auth/index.js';
import { removeComment } from '../comments/index.js';
import { presentCard } from '../essays/index.js';
import { removeUnusedUploads } from '../files/index.js';
import { removeExportsOf } from '../export/index.js';
import type { Storage } from '../../lib/storage.js';
import { decodeCursor, encodeCursor, toggleReaction } from '../essays/index.js';
import { removeEssayInTx } from '../essays/index.js';
import { anonymize, changeUser, dropSessionsAndBlocks, findActiveUser, removeBlock, setAgreement, setDeletion } from '../users/index.js';
import { presentUserInfo } from '../users/index.js';
import { forgetNotesOf } from '../notes/index.js';
import { forgetHighlightsOf } from '../highlights/index.js';
import * as q from './queries.js';

const SUGGESTIONS = 8;

/** 关注: newest published texts of the people the caller follows, keyset-paged like the home feed. */
export async function followingFeed(db: Db, me: UserRow, query: { pageNum: number; pageSize: number; cursor?: string }) {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'new') : null;
  if (query.cursor && !cursor) throw invalid('cursor 无效的翻页游标');
  const { cards, ...total } = await q.followingPage(db, me.id, query.pageSize, offsetOf(query), cursor);
  const last = cards[cards.length - 1];
  const nextCursor =
    last && cards.length === query.pageSize && last.published_at !== null
      ? encodeCursor({ k: new Date(last.published_at).toISOString(), id: last.id! })
      : null;
  return { list: cards.map(presentCard), ...total, nextCursor };
}

export async function suggestedUsers(db: Db, me: UserRow) {
  return q.suggestions(db, me.id, SUGGESTIONS);
}

export async function block(db: Db, broadcast: Broadcast, me: UserRow, id: number, on: boolean) {
  if (id === me.id) throw invalid('id 不能拉黑自己');
  // Unblocking works for someone who has since been banned too; blocking needs an active account.
  if (on && !(await findActiveUser(db, id))) throw notFound('用户不存在');
  // A reader's session knows whether they block anyone (the lists' filter).
  await changeUser(db, broadcast, me.id, (tx) => (on ? q.blockAndUnfollow(tx, me.id, id) : removeBlock(tx, me.id, id)));
  return { ok: true as const };
}

export async function myBlocks(db: Db, me: UserRow, page: { pageNum: number; pageSize: number }) {
  const { list, ...total } = await q.pageBlocks(db, me.id, page.pageSize, offsetOf(page));
  return { list: list.map((u) => ({ ...u, blockedAt: u.blockedAt.toISOString() })), ...total };
}

/** Accepts the current version only: an old page left open must not record consent to text the user did not see. */
export async function acceptAgreement(db: Db, me: UserRow, version: string) {
  if (version !== AGREEMENT_VERSION) throw invalid(`version 协议版本已更新为 ${AGREEMENT_VERSION}，请刷新后重新阅读`);
  return presentUserInfo(await setAgreement(db, me.id, version));
}

// ---------- account deletion (注销) ----------

const DAY_MS = 24 * 3600 * 1000;
/** Password checks when asking for deletion: as many as a password change allows. */
const DELETION_TRIES = 5;
const deletionTries = (userId: number) => ({ key: `deletion:${userId}`, windowMs: 15 * 60 * 1000 });

/**
 * 注销: after the password, the account is due in 15 days; asking again keeps the date and updates the choice
 * about texts and comments. Until then everything works as before and the user can cancel.
 */
export async function requestDeletion(db: Db, broadcast: Broadcast, me: UserRow, body: { password: string; keepContent: boolean }) {
  if (!(await allow(db, deletionTries(me.id), DELETION_TRIES))) throw new AppError('A0211', '密码错误次数过多，请稍后再试');
  if (!me.passwordHash) throw invalid('password 该账号没有设置密码，无法验证身份');
  if (!(await verifyPassword(me.passwordHash, body.password))) throw new AppError('A0210', '密码不正确');
  await reset(db, deletionTries(me.id).key);
  const due = me.deletionDueAt ?? new Date(Date.now() + DELETION_COOLING_OFF_DAYS * DAY_MS);
  return presentUserInfo(await changeUser(db, broadcast, me.id, (tx) => setDeletion(tx, me.id, due, body.keepContent)));
}

export async function cancelDeletion(db: Db, broadcast: Broadcast, me: UserRow) {
  return presentUserInfo(await changeUser(db, broadcast, me.id, (tx) => setDeletion(tx, me.id, null)));
}

/**
 * Deletes one account whose cooling-off is over, in one transaction: undoes its likes, collections and follows
 * with their counters, removes its texts and comments (when the user chose so) the way their own delete does,
 * wipes everything personal, and leaves an anonymous row (已注销用户) for what stays. Once that has committed, the
 * files of its avatar and of its texts' images go too, unless something still shows them: the texts it keeps
 * as 已注销用户 keep their images, and a picture someone else also uploaded (files are stored by content) stays.
 * False when it is no longer due (cancelled meanwhile).
 */
export async function purgeAccount(db: Db, broadcast: Broadcast, userId: number, storage: Storage, log?: JobLog) {
  const touched: number[] = [];
  const uploads: (string | null)[] = [];
  const done = await changeUser(db, broadcast, userId, async (tx) => {
    const u = await q.lockDue(tx, userId);
    if (!u) return false;
    const f = await q.footprint(tx, userId);
    uploads.push(u.avatar, ...(await q.uploadsOfTexts(tx, userId)));
    for (const { essayId } of f.liked) await toggleReaction(tx, 'like', false, userId, essayId);
    for (const { essayId } of f.collected) await toggleReaction(tx, 'collect', false, userId, essayId);
    touched.push(...f.liked.map((r) => r.essayId), ...f.collected.map((r) => r.essayId));
    for (const { id } of f.following) await q.endFollow(tx, userId, id);
    for (const { id } of f.followers) await q.endFollow(tx, id, userId);
    if (!u.deletionKeepContent) {
      for (const e of f.texts) await removeEssayInTx(tx, e);
      // A first-level comment takes its replies along; a reply already gone with its root is skipped.
      for (const c of f.said) if (await q.isVisibleComment(tx, c.id)) await removeComment(tx, c);
      touched.push(...f.texts.flatMap((e) => (e.imitateOf ? [e.imitateOf] : [])), ...f.said.map((c) => c.essayId));
    }
    // Kept or removed, the cached pages of their texts show the old name.
    touched.push(...f.texts.map((e) => e.id));
    await q.wipePersonal(tx, userId, !u.deletionKeepContent);
    await forgetNotesOf(tx, userId, !u.deletionKeepContent);
    await forgetHighlightsOf(tx, userId);
    await dropSessionsAndBlocks(tx, userId);
    await anonymize(tx, userId);
    return true;
  });
  if (done) {
    for (const id of new Set(touched)) forgetEssay(broadcast, id);
    forgetLists(broadcast);
    await removeUnusedUploads(db, storage, uploads, log);
    await removeExportsOf(storage, userId, log);
  }
  return done;
}

type JobLog = { warn(o: object, m: string): void };

/** The scheduled job: every account whose cooling-off has ended, a batch at a time. */
export async function purgeDueAccounts(db: Db, broadcast: Broadcast, storage: Storage, log?: JobLog) {
  let purged = 0;
  for (const id of await q.dueAccounts(db, 50)) if (await purgeAccount(db, broadcast, id, storage, log)) purged++;
  return { purged };
}
