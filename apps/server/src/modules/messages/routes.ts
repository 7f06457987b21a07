import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as messages from './service.js';

export function messageHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    messageCount: async ({ me }) => messages.unreadCounts(db, me.id),
    messagesPage: async ({ me, query }) => messages.pageMessages(db, me.id, query.type, query.pageSize, offsetOf(query)),
  });
}
