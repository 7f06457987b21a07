import { defineHandlers, type ModuleDeps } from '../../http/routes.js';
import { exportData } from './service.js';

export function exportHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    exportData: async ({ me }) => exportData(db, me),
  });
}
