import { defineHandlers } from '../../http/routes.js';
import { pageAudit } from './service.js';

export const auditHandlers = defineHandlers({
  adminAuditPage: async ({ db, query }) => pageAudit(db, query),
});
