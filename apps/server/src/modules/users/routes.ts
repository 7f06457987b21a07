import { defineHandlers } from '../../http/routes.js';
import { presentUserInfo } from './presenter.js';
import { updateMe } from './service.js';
import * as usersAdmin from './admin.js';
import { actorOf } from '../audit/service.js';

export const userHandlers = defineHandlers({
  me: async ({ me }) => presentUserInfo(me),
  updateMe: async ({ db, me, body, config }) => presentUserInfo(await updateMe(db, me, body, config.sensitiveWordsFile)),
  adminUsersPage: async ({ db, query }) => usersAdmin.pageUsers(db, query),
  adminBanUser: async ({ db, me, req, params, body }) => usersAdmin.banUser(db, actorOf(me, req), params.id, body),
  adminUnbanUser: async ({ db, me, req, params }) => usersAdmin.unbanUser(db, actorOf(me, req), params.id),
  adminSetRole: async ({ db, me, req, params, body }) => usersAdmin.setRole(db, actorOf(me, req), params.id, body.role),
});
