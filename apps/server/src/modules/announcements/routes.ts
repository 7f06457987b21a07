import { defineHandlers } from '../../http/routes.js';
import { offsetOf } from '../../lib/paging.js';
import * as a from './service.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export const announcementHandlers = defineHandlers({
  announcementsPage: async ({ db, query, caller }) => a.pageAnnouncements(db, caller.user?.id, query.pageSize, offsetOf(query)),
  announcementForm: async ({ db, params, caller }) => a.readAnnouncement(db, params.id, caller.user?.id),
  announcementMessages: async ({ db, query, me }) => ({
    ...(await a.pageAnnouncements(db, me.id, query.pageSize, offsetOf(query))),
    unread: await a.unreadCount(db, me.id),
  }),
  adminAnnouncementsPage: async ({ db, query }) => admin.pageAnnouncements(db, query),
  adminCreateAnnouncement: async ({ db, me, req, body }) => admin.saveAnnouncement(db, actorOf(me, req), null, body),
  adminUpdateAnnouncement: async ({ db, me, req, params, body }) => admin.saveAnnouncement(db, actorOf(me, req), params.id, body),
  adminDeleteAnnouncement: async ({ db, me, req, params }) => admin.deleteAnnouncement(db, actorOf(me, req), params.id),
});
