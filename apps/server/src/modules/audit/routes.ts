import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { pageAudit } from './service.js';

export function auditHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    adminAuditPage: async ({ query }) => pageAudit(db, query),
  });
}
