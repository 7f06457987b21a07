import { defineHandlers } from '../../http/routes.js';
import * as auth from './service.js';

export const authHandlers = defineHandlers({
  register: async ({ db, req, body, runtime }) => auth.register(db, req, body, runtime.sensitive),
  login: async ({ db, req, body, runtime }) => auth.login(db, runtime.broadcast, req, body),
  logout: async ({ db, me, caller, runtime }) => auth.logout(db, runtime.broadcast, me.id, caller.sessionId!),
  changePassword: async ({ db, me, caller, body, runtime }) =>
    auth.changePassword(db, runtime.broadcast, me.id, me.username, me.passwordHash, caller.sessionId!, body),
});
