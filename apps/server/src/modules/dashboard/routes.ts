import { defineHandlers } from '../../http/routes.js';
import { dashboard } from './service.js';

export const dashboardHandlers = defineHandlers({
  adminDashboard: async ({ db, query }) => dashboard(db, query.days),
});
