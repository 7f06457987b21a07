import { defineHandlers } from '../../http/routes.js';
import { presentUserInfo } from './presenter.js';
import { updateMe } from './service.js';
import * as usersAdmin from './admin.js';
import { actorOf } from '../audit/index.js';

export const userHandlers = defineHandlers({
  me: async ({ me }) => presentUserInfo(me),
  updateMe: async ({ db, me, body, runtime }) => presentUserInfo(await updateMe(db, me, body, runtime.sensitive)),
  adminUsersPage: async ({ db, query }) => usersAdmin.pageUsers(db, query),
  adminBanUser: async ({ db, me, req, params, body, runtime }) =>
    usersAdmin.banUser(db, runtime.broadcast, actorOf(me, req), params.id, body),
  adminUnbanUser: async ({ db, me, req, params, runtime }) => usersAdmin.unbanUser(db, runtime.broadcast, actorOf(me, req), params.id),
  adminSetRole: async ({ db, me, req, params, body, runtime }) =>
    usersAdmin.setRole(db, runtime.broadcast, actorOf(me, req), params.id, body.role),
});
