import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

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
