import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../http/auth.js';
import { defineHandlers } from '../../http/routes.js';
import { pageAudit, type Actor } from './audit.js';
import * as essays from './essays.js';
import * as orders from './orders.js';
import * as users from './users.js';
import * as reports from '../reports/service.js';
import { dashboard } from './dashboard.js';
import * as site from './site.js';
import * as taxonomy from './taxonomy.js';

/** Who is acting: the signed-in admin (the contract's `auth: 'admin'` has already checked the role) and their address. */
const actorOf = (me: UserRow, req: FastifyRequest): NonNullable<Actor> => ({ id: me.id, ip: req.ip });

export const adminHandlers = defineHandlers({
  adminEssaysPage: async ({ db, query, config }) => essays.pageEssays(db, query, config.sensitiveWordsFile),
  adminReviewEssay: async ({ db, me, req, params, body, config }) =>
    essays.review(db, actorOf(me, req), params.id, body, config.sensitiveWordsFile),
  adminHideEssay: async ({ db, me, req, params, body, config }) =>
    essays.hide(db, actorOf(me, req), params.id, body.reason, config.sensitiveWordsFile),
  adminRestoreEssay: async ({ db, me, req, params, config }) => essays.restore(db, actorOf(me, req), params.id, config.sensitiveWordsFile),
  adminReportsPage: async ({ db, query }) => reports.pageQueue(db, query),
  adminResolveReport: async ({ db, me, req, params, body }) => reports.resolve(db, actorOf(me, req), params.id, body),
  adminOrdersPage: async ({ db, query }) => orders.pageOrders(db, query),
  adminConfirmOrder: async ({ db, me, req, params }) => orders.confirmOrder(db, actorOf(me, req), params.id),
  adminRefundOrder: async ({ db, config, me, req, params, body }) => orders.refundOrder(db, config, actorOf(me, req), params.id, body.note),
  adminRefreshOrder: async ({ db, config, params }) => orders.refreshOrder(db, config, params.id),
  adminPaymentNotifications: async ({ db, query }) => orders.pageNotifications(db, query),
  adminUsersPage: async ({ db, query }) => users.pageUsers(db, query),
  adminBanUser: async ({ db, me, req, params, body }) => users.banUser(db, actorOf(me, req), params.id, body),
  adminUnbanUser: async ({ db, me, req, params }) => users.unbanUser(db, actorOf(me, req), params.id),
  adminSetRole: async ({ db, me, req, params, body }) => users.setRole(db, actorOf(me, req), params.id, body.role),
  adminAuditPage: async ({ db, query }) => pageAudit(db, query),
  adminDashboard: async ({ db, query }) => dashboard(db, query.days),
  adminClassifications: async ({ db }) => taxonomy.listClassifications(db),
  adminCreateClassification: async ({ db, me, req, body }) => taxonomy.createClassification(db, actorOf(me, req), body),
  adminUpdateClassification: async ({ db, me, req, params, body }) => taxonomy.updateClassification(db, actorOf(me, req), params.id, body),
  adminDeleteClassification: async ({ db, me, req, params }) => taxonomy.deleteClassification(db, actorOf(me, req), params.id),
  adminTags: async ({ db }) => taxonomy.listTags(db),
  adminCreateTag: async ({ db, me, req, body }) => taxonomy.createTag(db, actorOf(me, req), body),
  adminUpdateTag: async ({ db, me, req, params, body }) => taxonomy.updateTag(db, actorOf(me, req), params.id, body),
  adminDeleteTag: async ({ db, me, req, params }) => taxonomy.deleteTag(db, actorOf(me, req), params.id),
  adminMergeTag: async ({ db, me, req, params, body }) => taxonomy.mergeTag(db, actorOf(me, req), params.id, body.intoId),
  adminAnnouncementsPage: async ({ db, query }) => site.pageAnnouncements(db, query),
  adminCreateAnnouncement: async ({ db, me, req, body }) => site.saveAnnouncement(db, actorOf(me, req), null, body),
  adminUpdateAnnouncement: async ({ db, me, req, params, body }) => site.saveAnnouncement(db, actorOf(me, req), params.id, body),
  adminDeleteAnnouncement: async ({ db, me, req, params }) => site.deleteAnnouncement(db, actorOf(me, req), params.id),
  adminAdsPage: async ({ db, query }) => site.pageAds(db, query),
  adminCreateAd: async ({ db, me, req, body }) => site.saveAd(db, actorOf(me, req), null, body),
  adminUpdateAd: async ({ db, me, req, params, body }) => site.saveAd(db, actorOf(me, req), params.id, body),
  adminDeleteAd: async ({ db, me, req, params }) => site.deleteAd(db, actorOf(me, req), params.id),
  adminUpdateTheme: async ({ db, me, req, body }) => site.saveTheme(db, actorOf(me, req), body),
  adminBestWeek: async ({ db, query }) => site.bestWeekFor(db, query.week),
  adminUpdateBestWeek: async ({ db, me, req, body }) => site.saveBestWeek(db, actorOf(me, req), body),
});
