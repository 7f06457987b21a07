import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { dashboard } from './service.js';

export function dashboardHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    adminDashboard: async ({ query }) => dashboard(db, query.days),
  });
}
