import { defineHandlers, type ModuleDeps } from '../../http/routes.js';
import { pageAudit } from './service.js';

export function auditHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    adminAuditPage: async ({ query }) => pageAudit(db, query),
  });
}
