import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as messages from './service.js';

export const messageHandlers = defineHandlers({
  messageCount: async ({ db, me }) => messages.unreadCounts(db, me.id),
  messagesPage: async ({ db, me, query }) => messages.pageMessages(db, me.id, query.type, query.pageSize, offsetOf(query)),
});
