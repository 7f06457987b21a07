import { defineHandlers } from '../../http/routes.js';
import * as reports from './service.js';
import { actorOf } from '../audit/index.js';

export const reportHandlers = defineHandlers({
  createReport: async ({ db, me, body }) => reports.createReport(db, me, body),
  adminReportsPage: async ({ db, query }) => reports.pageQueue(db, query),
  adminResolveReport: async ({ db, me, req, params, body, runtime }) =>
    reports.resolve(db, runtime.broadcast, actorOf(me, req), params.id, body),
});
