import { defineHandlers, type ModuleDeps } from '../../http/routes.js';
import { originOf } from '../../http/origin.js';
import { exportData } from './service.js';

export function exportHandlers({ db, config }: ModuleDeps) {
  return defineHandlers({
    exportData: async ({ me, req }) => exportData(db, me, originOf(config, req)),
  });
}
