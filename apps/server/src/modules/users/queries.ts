import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A user as stored (never sent as is: presenters choose the fields). */
export type UserRow = typeof users.$inferSelect;

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
