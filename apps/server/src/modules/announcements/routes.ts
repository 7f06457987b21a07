import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { offsetOf } from '../../lib/paging.js';
import * as a from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export function announcementHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    announcementsPage: async ({ query, caller }) => a.pageAnnouncements(db, caller.user?.id, query.pageSize, offsetOf(query)),
    announcementForm: async ({ params, caller }) => a.readAnnouncement(db, params.id, caller.user?.id),
    announcementMessages: async ({ query, me }) => ({
      ...(await a.pageAnnouncements(db, me.id, query.pageSize, offsetOf(query))),
      unread: await a.unreadCount(db, me.id),
    }),
    adminAnnouncementsPage: async ({ query }) => admin.pageAnnouncements(db, query),
    adminCreateAnnouncement: async ({ me, req, body }) => admin.saveAnnouncement(db, actorOf(me, req), null, body),
    adminUpdateAnnouncement: async ({ me, req, params, body }) => admin.saveAnnouncement(db, actorOf(me, req), params.id, body),
    adminDeleteAnnouncement: async ({ me, req, params }) => admin.deleteAnnouncement(db, actorOf(me, req), params.id),
  });
}
