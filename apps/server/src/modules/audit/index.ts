/** The audit module's public surface: other modules import only from here. */
export { auditHandlers } from './routes.js';
export { actorOf, audited, auditedIn, shanghaiDayStart, type Actor } from './service.js';
