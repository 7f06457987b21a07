import { defineHandlers } from '../../http/routes.js';
import * as reports from './service.js';

export const reportHandlers = defineHandlers({
  createReport: async ({ db, me, body }) => reports.createReport(db, me, body),
});
