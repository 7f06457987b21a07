import { defineHandlers } from '../../http/routes.js';
import * as auth from './service.js';

export const authHandlers = defineHandlers({
  register: async ({ db, req, body, config }) => auth.register(db, req, body, config.sensitiveWordsFile),
  login: async ({ db, req, body }) => auth.login(db, req, body),
  logout: async ({ db, caller }) => auth.logout(db, caller.sessionId!),
  changePassword: async ({ db, me, caller, body }) => auth.changePassword(db, me.id, me.username, me.passwordHash, caller.sessionId!, body),
});
