import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as reports from './service.js';
import { actorOf } from '../audit/index.js';

export function reportHandlers({ db, runtime }: ModuleDeps<'broadcast'>) {
  return defineHandlers({
    createReport: async ({ me, body }) => reports.createReport(db, runtime.broadcast, me, body),
    myReports: async ({ me, query }) => reports.myReports(db, me, query),
    adminReportsPage: async ({ query }) => reports.pageQueue(db, query),
    adminResolveReport: async ({ me, req, params, body }) => reports.resolve(db, runtime.broadcast, actorOf(me, req), params.id, body),
  });
}
