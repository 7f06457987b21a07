import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import type { UserTx } from './changes.js';
import { users } from '../../db/schema.js';

export type { UserRow } from '../../db/types.js';

/** What a person's card shows (search results, people to follow). */
export const personCardColumns = {
  id: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
  bio: users.bio,
  followers: users.followerCount,
  essays: users.essayCount,
};

export type ProfileChanges = Partial<Pick<typeof users.$inferInsert, 'nickname' | 'avatar' | 'bio' | 'likesPublic' | 'collectsPublic'>>;

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges) {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}

export async function findActiveUser(db: Db, id: number) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .limit(1);
  return rows[0] ?? null;
}

/** The account bound to a WeChat openid. */
export async function userByOpenid(db: Db, openid: string) {
  const rows = await db.select().from(users).where(eq(users.wechatOpenid, openid)).limit(1);
  return rows[0] ?? null;
}

/** A new account for a WeChat sign-in; undefined when the openid was bound meanwhile. */
export async function insertWechatUser(db: Db, username: string, nickname: string, openid: string) {
  const [created] = await db.insert(users).values({ username, nickname, wechatOpenid: openid }).onConflictDoNothing().returning();
  return created;
}

/** Whether someone other than `userId` has bound this openid. */
export async function openidTakenByOther(db: Db, openid: string, userId: number): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.wechatOpenid, openid), ne(users.id, userId)))
    .limit(1);
  return taken.length > 0;
}

export async function bindOpenid(db: Db, userId: number, openid: string) {
  await db.update(users).set({ wechatOpenid: openid }).where(eq(users.id, userId));
}

/** The counters kept on a user's row, moved by the writes of other domains inside their transactions. */
export type UserCounter = 'essayCount' | 'followerCount' | 'followingCount' | 'likesReceived';

/** Moves one of a user's counters by `delta`, never below zero. */
export async function moveUserCounter(tx: Exec, userId: number, counter: UserCounter, delta: number) {
  await tx
    .update(users)
    .set({ [counter]: sql`greatest(${users[counter]} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

/** A bound email address, inside the caller's transaction (the code was used there). */
export async function setEmail(tx: Exec, userId: number, email: string) {
  const [row] = await tx.update(users).set({ email }).where(eq(users.id, userId)).returning();
  return row!;
}

/** A new password hash (inside changeUser: the caller ends sessions with it). */
export async function setPasswordHash(tx: UserTx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setAgreement(db: Db, userId: number, version: string) {
  const [row] = await db
    .update(users)
    .set({ agreementVersion: version, agreementAcceptedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function setDeletion(db: UserTx, userId: number, dueAt: Date | null, keepContent?: boolean) {
  const [row] = await db
    .update(users)
    .set({ deletionDueAt: dueAt, ...(keepContent === undefined ? {} : { deletionKeepContent: keepContent }) })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** The row that remains: no name, picture, bio, password, WeChat binding or agreement; shown as 已注销用户. */
export async function anonymize(tx: UserTx, userId: number) {
  await tx
    .update(users)
    .set({
      username: `~deleted${userId}`,
      nickname: '已注销用户',
      avatar: null,
      bio: '',
      passwordHash: null,
      wechatOpenid: null,
      memberUntil: null,
      banReason: null,
      bannedUntil: null,
      likesPublic: false,
      collectsPublic: false,
      agreementVersion: null,
      agreementAcceptedAt: null,
      deletionDueAt: null,
      readingPrefs: null,
      status: 'deleted',
    })
    .where(eq(users.id, userId));
}

/** Adds days to a buyer's membership, from now or from its current end if later (inside changeUser). */
export async function extendMembership(tx: UserTx, userId: number, days: number) {
  const [u] = await tx
    .update(users)
    .set({ memberUntil: sql`greatest(coalesce(${users.memberUntil}, now()), now()) + make_interval(days => ${days})` })
    .where(eq(users.id, userId))
    .returning({ memberUntil: users.memberUntil });
  return u?.memberUntil ?? null;
}

/** Takes back a refunded order's days, never below now (inside changeUser). */
export async function shortenMembership(tx: UserTx, userId: number, days: number) {
  const [u] = await tx
    .update(users)
    .set({ memberUntil: sql`greatest(now(), ${users.memberUntil} - make_interval(days => ${days}))` })
    .where(eq(users.id, userId))
    .returning({ memberUntil: users.memberUntil });
  return u?.memberUntil ?? null;
}

/** The account's stored reading preferences as saved (null: never saved). */
export async function readingPrefsOf(db: Db, userId: number): Promise<unknown> {
  const rows = await db.select({ prefs: users.readingPrefs }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.prefs ?? null;
}

/** Merges changed fields into the stored preferences in one statement and answers the result. */
export async function mergeReadingPrefs(db: Db, userId: number, changes: object): Promise<unknown> {
  const [row] = await db
    .update(users)
    .set({ readingPrefs: sql`coalesce(${users.readingPrefs}, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ prefs: users.readingPrefs });
  return row?.prefs ?? null;
}

/** 注释编辑 on or off (inside changeUser, audited by the caller); false when there is no such active user. */
export async function setNoteEditorFlag(db: UserTx, userId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ noteEditor: on })
    .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
    .returning({ id: users.id });
  return rows.length > 0;
}
