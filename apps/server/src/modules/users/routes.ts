import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { presentUserInfo } from './presenter.js';
import { updateMe } from './service.js';
import { getReadingPrefs, saveReadingPrefs } from './readingPrefs.js';
import * as usersAdmin from './admin.js';
import { actorOf } from '../audit/index.js';

export function userHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'sensitive'>) {
  return defineHandlers({
    me: async ({ me }) => presentUserInfo(me),
    updateMe: async ({ me, body }) => presentUserInfo(await updateMe(db, me, body, runtime.sensitive)),
    readingPrefs: async ({ me }) => getReadingPrefs(db, me.id),
    saveReadingPrefs: async ({ me, body }) => saveReadingPrefs(db, me.id, body),
    adminUsersPage: async ({ query }) => usersAdmin.pageUsers(db, query),
    adminBanUser: async ({ me, req, params, body }) => usersAdmin.banUser(db, runtime.broadcast, actorOf(me, req), params.id, body),
    adminUnbanUser: async ({ me, req, params }) => usersAdmin.unbanUser(db, runtime.broadcast, actorOf(me, req), params.id),
    adminSetRole: async ({ me, req, params, body }) => usersAdmin.setRole(db, runtime.broadcast, actorOf(me, req), params.id, body.role),
  });
}
