import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { defineHandlers } from '../../http/routes.js';
import { presentUserInfo } from './presenter.js';

export const userHandlers = defineHandlers({
  me: async ({ me }) => presentUserInfo(me),
  updateMe: async ({ db, me, body }) => {
    if (Object.keys(body).length === 0) return presentUserInfo(me);
    const [row] = await db.update(users).set(body).where(eq(users.id, me.id)).returning();
    return presentUserInfo(row!);
  },
});
