import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as auth from './service.js';

export function authHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'sensitive'>) {
  return defineHandlers({
    register: async ({ req, body }) => auth.register(db, req, body, runtime.sensitive),
    login: async ({ req, body }) => auth.login(db, runtime.broadcast, req, body),
    logout: async ({ me, caller }) => auth.logout(db, runtime.broadcast, me.id, caller.sessionId!),
    changePassword: async ({ me, caller, body }) =>
      auth.changePassword(db, runtime.broadcast, me.id, me.username, me.passwordHash, caller.sessionId!, body),
  });
}
