import { defineHandlers } from '../../http/routes.js';
import { presentUserInfo } from './presenter.js';
import { updateProfile } from './queries.js';

export const userHandlers = defineHandlers({
  me: async ({ me }) => presentUserInfo(me),
  updateMe: async ({ db, me, body }) => presentUserInfo(Object.keys(body).length ? await updateProfile(db, me.id, body) : me),
});
