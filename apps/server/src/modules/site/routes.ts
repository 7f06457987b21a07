import { defineHandlers } from '../../http/routes.js';
import { notFound } from '../../http/errors.js';
import * as site from './service.js';

export const siteHandlers = defineHandlers({
  theme: async ({ db, query }) => (await site.getTheme(db, query.type)) ?? Promise.reject(notFound('该类型的主题不存在')),
  userActive: async ({ db, caller }) => site.recordActivity(db, caller.viewerKey, caller.user?.id ?? null),
  health: async ({ db }) => {
    await site.checkDatabase(db);
    return { status: 'ok' as const, database: 'ok' as const, uptime: Math.round(process.uptime()) };
  },
});
