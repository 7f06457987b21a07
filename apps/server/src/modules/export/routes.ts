import { defineHandlers } from '../../http/routes.js';
import { exportData } from './service.js';

export const exportHandlers = defineHandlers({
  exportData: async ({ db, me }) => exportData(db, me),
});
