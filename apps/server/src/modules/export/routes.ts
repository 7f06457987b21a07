import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { originOf } from '../../http/origin.js';
import { exportData } from './service.js';

export function exportHandlers({ db, config, runtime }: ModuleDeps<'storage' | 'now'>) {
  return defineHandlers({
    exportData: async ({ me, req }) => exportData(db, runtime.storage, me, originOf(config, req), runtime.now()),
  });
}
