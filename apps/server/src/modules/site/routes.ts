import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { AppError, notFound } from '../../http/errors.js';
import * as site from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export function siteHandlers({ db, config }: ModuleDeps) {
  return defineHandlers({
    theme: async ({ query }) => (await site.themeAnswer(db, query.type, config.icpBeian)) ?? Promise.reject(notFound('该类型的主题不存在')),
    userActive: async ({ caller }) => site.recordActivity(db, caller.viewerKey, caller.user?.id ?? null),
    health: async () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()) }),
    ready: async ({ req }) => {
      if (req.server.isClosing()) throw new AppError('B0002');
      await site.checkDatabase(db);
      return { status: 'ready' as const, database: 'ok' as const };
    },
    adminUpdateTheme: async ({ me, req, body }) => admin.saveTheme(db, actorOf(me, req), body),
  });
}
